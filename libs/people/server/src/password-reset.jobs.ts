import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { peopleEvents } from '@intranet/people-contract';
import { newSecretToken } from '@intranet/platform-auth';
import type { Config } from '@intranet/platform-config';
import { uuidv7, type Database } from '@intranet/platform-db';
import { PORTS, type Logger } from '@intranet/platform-host';
import type { JobQueue, QueuedJob } from '@intranet/platform-jobs';
import { passwordResetMail, type Mailer } from '@intranet/platform-mail';
import type { Outbox } from '@intranet/platform-outbox';
import { ClientsPort, isNotFound } from './clients-port.ts';
import { ResetsRepository } from './sessions.repository.ts';
import { UsersRepository } from './users.repository.ts';

/** The durable queue of "forgot password" requests (issue 38 §3): one job per request, known e-mail or not. */
export const PASSWORD_RESET_QUEUE = 'people.password-reset';

/** A queued request as POST api/forgot_password received it. */
export interface PasswordResetJob {
  email: string;
  workspace?: string;
}

/** Lifetime of a password reset link (ms): one hour. */
export const RESET_TTL_MS = 60 * 60 * 1000;

/** Base URL people open (links in mails): PUBLIC_URL, else http://HOST:PORT. */
export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, '');
}

/**
 * The per-account work of a password reset request, as a durable job (`PORTS.jobs`, issue 38 §3): the answer of
 * POST api/forgot_password only queues `{ email, workspace }` — the same single insert whether or not the e-mail has
 * an account, so its time tells nothing — and a worker of one replica then looks up the workspace and the accounts,
 * stores a single-use token (hashed, 1 h) for each and mails the link in the account's language. A failed run is
 * retried by the queue (a retry may send a second, equally valid link).
 */
@Injectable()
export class PasswordResetJobs implements OnApplicationBootstrap {
  private started = false;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.config) private readonly config: Config,
    @Inject(PORTS.mailer) private readonly mailer: Mailer,
    @Inject(PORTS.log) private readonly log: Logger,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PORTS.jobs) private readonly jobs: JobQueue,
    private readonly clients: ClientsPort,
    private readonly users: UsersRepository,
    private readonly resets: ResetsRepository,
  ) {}

  /** Starts working the queue (which also creates it before the first request). Once per process. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.jobs.work<PasswordResetJob>(PASSWORD_RESET_QUEUE, (job: QueuedJob<PasswordResetJob>) => this.run(job.data), { retryLimit: 2 });
  }

  /** Queues one request (a system transaction of its own). Output: nothing; errors of the database pass through. */
  async queue(email: string, workspace: string | undefined): Promise<void> {
    await this.jobs.send<PasswordResetJob>(PASSWORD_RESET_QUEUE, workspace ? { email, workspace } : { email });
  }

  /** One request's work: the workspace (none found: nothing), the live accounts with the e-mail, a token and mail each. */
  async run({ email, workspace }: PasswordResetJob): Promise<void> {
    let clientId: string | undefined;
    if (workspace) {
      try {
        clientId = (await this.clients.byWorkspace(workspace))._id;
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
    }
    const found = (await this.db.asSystem('forgot-password lookup', (tx) => this.users.byEmail(tx, email, clientId))).filter((u) => !u.deletionMark);
    const base = publicUrl(this.config);
    for (const u of found) {
      const { token, hash } = newSecretToken();
      await this.db.asSystem('create password reset', async (tx) => {
        await this.resets.create(tx, { id: uuidv7(), userId: u.id, clientId: u.clientId, tokenHash: hash, expiresAt: new Date(Date.now() + RESET_TTL_MS) });
        await this.outbox.add(tx, peopleEvents.passwordResetRequested, u.clientId, { userId: u.id });
      });
      await this.mailer.send(passwordResetMail(u.email, u.firstName, `${base}/reset-password/${token}`, u.lang));
    }
    this.log.info(`password reset requested for ${found.length} account(s)`);
  }
}
