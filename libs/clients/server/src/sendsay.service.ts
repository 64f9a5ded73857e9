import { Inject, Injectable } from '@nestjs/common';
import { CLIENTS_ERRORS, type lifeJobRoutes } from '@intranet/clients-contract';
import { type Bus, type RequestContext } from '@intranet/platform-bus';
import { exportPages } from './export-pages.ts';
import type { Config } from '@intranet/platform-config';
import { type RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS, type Logger } from '@intranet/platform-host';
import { ClientsRepository } from './clients.repository.ts';

type In<K extends keyof typeof lifeJobRoutes> = RouteInput<(typeof lifeJobRoutes)[K]>;

/** Rows per page read from people's tenant part. */
const PAGE = 1000;
/** How long Sendsay may take to answer an import (ms). */
const SENDSAY_TIMEOUT_MS = 30_000;

/** The Sendsay `member.import` request: e-mail, first and last name per live employee (pure). */
export function sendsayImport(apikey: string, people: { email: string; firstName: string; lastName: string }[]) {
  return {
    apikey,
    action: 'member.import',
    'users.list': {
      caption: [
        { anketa: 'member', quest: 'email' },
        { anketa: 'base', quest: 'firstName' },
        { anketa: 'base', quest: 'lastName' },
      ],
      rows: people.map((p) => [p.email, p.firstName, p.lastName]),
    },
    if_exists: 'overwrite',
  };
}

/**
 * §7 POST api/clients/exec_sendsay (issue 36): a workspace's live employees exported to the Sendsay mailing service
 * through its JSON API (`SENDSAY_API_URL`, `SENDSAY_API_KEY`; one `member.import` call). The employees are read
 * through people's tenant part (the same contract the export uses). Any failure — no endpoint configured, no answer,
 * a non-2xx answer or `errors` in it — is the §8 text 'Export to a mailing service failed' (400, as the failed import: the
 * call names what failed, the portal itself stays up).
 */
@Injectable()
export class SendsayService {
  constructor(
    private readonly repo: ClientsRepository,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.bus) private readonly bus: Bus,
    @Inject(PORTS.config) private readonly config: Config,
    @Inject(PORTS.log) private readonly log: Logger,
  ) {}

  /** → { exported }: the number of employees sent. 404 unknown client; 400 'Export to a mailing service failed'. */
  async exec({ body }: In<'sendsayExec'>, ctx: RequestContext) {
    const row = await this.db.asSystem(`superadmin ${ctx.userId}: sendsay ${body.client}`, (tx) => this.repo.byId(tx, body.client));
    if (!row || row.deleted) throw Errors.coded(CLIENTS_ERRORS.clientNotFound);
    const { SENDSAY_API_URL: url, SENDSAY_API_KEY: key } = this.config;
    if (!url || !key) throw Errors.coded(CLIENTS_ERRORS.sendsayFailed);
    const people: { email: string; firstName: string; lastName: string }[] = [];
    for await (const ndjson of exportPages(this.bus, ctx, { domain: 'people', clientId: row.id, table: 'people.users', limit: PAGE })) {
      for (const line of ndjson.split('\n').filter(Boolean)) {
        const u = JSON.parse(line) as { email?: string; first_name?: string; last_name?: string; deletion_mark?: boolean };
        if (u.email && !u.deletion_mark) people.push({ email: u.email, firstName: u.first_name ?? '', lastName: u.last_name ?? '' });
      }
    }
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sendsayImport(key, people)),
        signal: AbortSignal.timeout(SENDSAY_TIMEOUT_MS),
      });
      const answer = (await res.json().catch(() => ({}))) as { errors?: unknown[] };
      if (!res.ok || answer.errors?.length) throw new Error(`sendsay answered ${res.status} ${JSON.stringify(answer.errors ?? [])}`);
    } catch (err) {
      this.log.warn(`sendsay export of ${row.id} failed: ${(err as Error).message}`);
      throw Errors.coded(CLIENTS_ERRORS.sendsayFailed);
    }
    return { exported: people.length };
  }
}
