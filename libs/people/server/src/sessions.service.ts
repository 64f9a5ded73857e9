import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { SessionInfo } from '@intranet/people-contract';
import { hashPassword, newSecretToken } from '@intranet/platform-auth';
import type { Config } from '@intranet/platform-config';
import { uuidv7, type Database } from '@intranet/platform-db';
import { PORTS, type Logger } from '@intranet/platform-host';
import { publicUrl, RESET_TTL_MS } from './password-reset.jobs.ts';
import { ResetsRepository, SessionsRepository } from './sessions.repository.ts';
import { UsersRepository } from './users.repository.ts';

/** The bus-only subjects of `peopleSubjects`: the gateway's session check, employee counts, the superadmin bootstrap. */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.config) private readonly config: Config,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly resets: ResetsRepository,
  ) {}

  /** { userId, sessionId } → SessionInfo, or null when the session is revoked/expired or the user deleted or blocked. */
  async session({ userId, sessionId }: { userId: string; sessionId: string }): Promise<SessionInfo | null> {
    if (!userId || !sessionId) return null;
    const u = await this.db.asSystem('session check', (tx) => this.sessions.live(tx, sessionId, userId));
    if (!u || u.deletionMark || u.status === 'blocked') return null;
    return { userId: u.id, clientId: u.clientId, workspace: null, roles: u.roles, lang: u.lang };
  }

  /** {} → { [clientId]: number of active employees } for the superadmin's client list (§2 client screen). */
  counts(): Promise<Record<string, number>> {
    return this.db.asSystem('employee counts', (tx) => this.users.counts(tx));
  }

  /** Creates the superadmin account (login 'superadmin', no client) if none exists. Output: { created, _id }. */
  async ensureSuperadmin({ email, password }: { email: string; password: string | null }): Promise<{ created: boolean; _id: string }> {
    const passwordHash = password ? await hashPassword(password) : null;
    return this.db.asSystem('superadmin bootstrap', async (tx) => {
      // Replicas starting together must not both create one: check and insert under one transaction lock.
      await this.users.lockSuperadmin(tx);
      const existing = await this.users.superadmin(tx);
      if (existing.length) return { created: false, _id: existing[0].id };
      const [u] = await this.users.insertMany(tx, [
        {
          id: uuidv7(),
          clientId: null,
          roles: ['superadmin'],
          firstName: 'Super',
          lastName: 'Admin',
          email: email.toLowerCase(),
          login: 'superadmin',
          passwordHash,
          lang: 'en',
        },
      ]);
      return { created: true, _id: u.id };
    });
  }

  /** Issues a password reset token for `userId` and returns its link (first-start superadmin sign-in). */
  async oneTimeLink(userId: string): Promise<string> {
    const { token, hash } = newSecretToken();
    await this.db.asSystem('one-time sign-in link', (tx) =>
      this.resets.create(tx, { id: uuidv7(), userId, clientId: null, tokenHash: hash, expiresAt: new Date(Date.now() + RESET_TTL_MS) }),
    );
    return `${publicUrl(this.config)}/reset-password/${token}`;
  }
}

/**
 * First start: creates the superadmin from SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD; without them, creates one
 * with no usable password and prints a one-time link (a password reset token, 1 h) to set it. Runs before the
 * service answers requests (it needs the database only).
 */
@Injectable()
export class SuperadminBootstrap implements OnApplicationBootstrap {
  constructor(
    @Inject(PORTS.config) private readonly config: Config,
    @Inject(PORTS.log) private readonly log: Logger,
    private readonly sessions: SessionsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { config, log } = this;
    if (config.SUPERADMIN_EMAIL && config.SUPERADMIN_PASSWORD) {
      const r = await this.sessions.ensureSuperadmin({ email: config.SUPERADMIN_EMAIL, password: config.SUPERADMIN_PASSWORD });
      if (r.created) log.info(`superadmin ${config.SUPERADMIN_EMAIL} created`);
      return;
    }
    const r = await this.sessions.ensureSuperadmin({ email: config.SUPERADMIN_EMAIL ?? 'superadmin@localhost', password: null });
    if (!r.created) return;
    const link = await this.sessions.oneTimeLink(r._id);
    log.info(`superadmin created (login 'superadmin'); set its password once at ${link}`);
  }
}
