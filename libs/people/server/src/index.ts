import { fileURLToPath } from 'node:url';
import { peopleRoutes } from '@intranet/people-contract';
import { bindRoutes } from '@intranet/platform-bus';
import type { DomainModule } from '@intranet/platform-host';
import { authHandlers, ensureSuperadmin, oneTimeLink, registerAuthSubjects } from './auth.ts';
import { pinHandlers } from './pins.ts';
import { userHandlers } from './users.ts';

export { users, sessions, passwordResets, signInAttempts } from './schema.ts';
export { usersRepository } from './repository.ts';
export { sharedRateLimit, signInLimits, type SharedRateLimit } from './sign-in-limits.ts';

/** The people domain (DESIGN §2): users, credentials, sessions, roles and feature rights, pins. */
export const peopleModule: DomainModule = {
  name: 'people',
  // It signs the tokens the gateway verifies: a generated secret would differ per process.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'people', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  register(deps) {
    bindRoutes(deps.bus, peopleRoutes, { ...authHandlers(deps), ...userHandlers(deps), ...pinHandlers(deps) });
    registerAuthSubjects(deps);
  },
  /**
   * First start: creates the superadmin from SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD; without them, creates one
   * with no usable password and prints a one-time link (a password reset token, 1 h) to set it.
   */
  async afterStart({ db, config, log }) {
    if (config.SUPERADMIN_EMAIL && config.SUPERADMIN_PASSWORD) {
      const r = await ensureSuperadmin(db, config.SUPERADMIN_EMAIL, config.SUPERADMIN_PASSWORD);
      if (r.created) log.info(`superadmin ${config.SUPERADMIN_EMAIL} created`);
      return;
    }
    const r = await ensureSuperadmin(db, config.SUPERADMIN_EMAIL ?? 'superadmin@localhost', null);
    if (!r.created) return;
    const link = await oneTimeLink(db, r._id, config);
    log.info(`superadmin created (login 'superadmin'); set its password once at ${link}`);
  },
};
