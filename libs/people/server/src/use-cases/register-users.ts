import { Inject, Injectable } from '@nestjs/common';
import { importRowBody, PEOPLE_TEXT, registerBody, type peopleRoutes, type User } from '@intranet/people-contract';
import { journal } from '@intranet/platform-audit';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { targetClient } from '../access.ts';
import { ClientsPort } from '../clients-port.ts';
import { decodeCsvBytes, parseCsv } from '../import.ts';
import { toUser } from '../mapping.ts';
import { UserChanges } from '../user-changes.service.ts';
import { initialRoles, clientLang, NewUsers } from './new-users.ts';

/** Most rows one CSV import may carry. */
export const IMPORT_MAX_ROWS = 10_000;

/** §7 POST api/register and api/register_many: new employees of a client, one by form or many from a CSV file. */
@Injectable()
export class RegisterUsers {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly clients: ClientsPort,
    private readonly newUsers: NewUsers,
    private readonly changes: UserChanges,
  ) {}

  /**
   * §7 POST api/register: creates an employee with the client's initial rights (§6).
   * Errors: field errors of §5; 409 'This e-mail is already taken'; 409 'This login is already taken'.
   */
  async register({ body }: RouteInput<typeof peopleRoutes.userRegister>, ctx: RequestContext): Promise<User> {
    const clientId = targetClient(ctx, body.client_id);
    const client = await this.clients.forUsers(clientId);
    const actor = await this.changes.actorOf(ctx);
    return this.db.inTenant({ clientId }, async (tx) => {
      const { report, good } = await this.newUsers.prepare(tx, clientId, [{ row: 1, input: body }], initialRoles(client), registerBody, clientLang(client));
      const bad = report.find((r) => !r.ok);
      if (bad)
        throw new DomainError(
          bad.errors!.some((e) => e.message === PEOPLE_TEXT.emailTaken || e.message === PEOPLE_TEXT.loginTaken) ? 'conflict' : 'validation',
          bad.errors![0].message,
          { errors: bad.errors },
        );
      const map = await this.newUsers.insert(tx, good);
      const row = map.get(good[0].user.id!);
      if (!row) throw Errors.conflict('email', PEOPLE_TEXT.emailTaken);
      const user = toUser(row);
      await this.changes.addUserEvent(tx, 'userCreated', user);
      await this.changes.journalUser(tx, actor, user, 'users', 'user.create', undefined, { email: user.email, roles: user.roles });
      return user;
    });
  }

  /**
   * §7 POST api/register_many {csv}: validates every row, imports the good ones in one transaction and
   * returns a per-row report (row = line number in the file, header is line 1). A bad row never blocks others.
   * A row without a password is imported with no usable password: that employee sets one through
   * 'Forgot password' (the report marks such rows `noPassword: true`). With an `importId`, progress events
   * `evt.people.import.progress` go to the caller's sockets while rows are stored. Errors: 400 without a header row,
   * 400 over IMPORT_MAX_ROWS rows.
   */
  async registerMany({ body }: RouteInput<typeof peopleRoutes.userRegisterMany>, ctx: RequestContext) {
    const clientId = targetClient(ctx, body.client_id);
    const client = await this.clients.forUsers(clientId);
    const text = body.csv ?? decodeCsvBytes(Buffer.from(body.csvBase64 ?? '', 'base64'));
    const { header, records } = parseCsv(text);
    if (!header.includes('email')) throw Errors.field('csv', 'The CSV needs a header row with at least firstName, lastName, email');
    if (records.length > IMPORT_MAX_ROWS) throw Errors.field('csv', `At most ${IMPORT_MAX_ROWS} rows per import`);
    const rows = records.map((rec) => {
      const input: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(rec.values)) if (v !== '') input[k] = v;
      if (input.password) input.confirmPassword = input.password;
      return { row: rec.line, input, errors: rec.errors };
    });
    const progress = this.changes.importProgress(ctx, clientId, body.importId, rows.length);
    const actor = await this.changes.actorOf(ctx);
    const out = await this.db.inTenant({ clientId }, async (tx) => {
      const { report, good } = await this.newUsers.prepare(tx, clientId, rows, initialRoles(client), importRowBody, clientLang(client));
      progress.step(rows.length - good.length); // rejected rows are done once validated
      const inserted = await this.newUsers.insert(tx, good, () => progress.step());
      const byRow = new Map(report.map((x) => [x.row, x]));
      for (const g of good) {
        const r = byRow.get(g.row)!;
        if (inserted.has(g.user.id!)) r._id = g.user.id;
        else Object.assign(r, { ok: false, errors: [{ field: 'email', code: 'emailTaken', message: PEOPLE_TEXT.emailTaken }] });
      }
      const created = [...inserted.values()].map(toUser);
      await this.changes.addCreatedEvents(tx, created);
      const imported = report.filter((r) => r.ok).length;
      // One entry per import (issue 18 §2): what came in, never the rows' data.
      await journal.add(
        tx,
        { clientId, actor },
        {
          section: 'import',
          action: 'import.csv',
          object: { type: 'import', id: body.importId ?? null, title: null },
          after: { rows: report.length, imported, failed: report.length - imported },
        },
      );
      return { report, created };
    });
    progress.finish();
    const imported = out.report.filter((r) => r.ok).length;
    return { imported, failed: out.report.length - imported, rows: out.report };
  }
}
