import { fileURLToPath } from 'node:url';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { peopleRoutes, peopleSubjects } from '@intranet/people-contract';
import { peopleLookupSubjects } from '@intranet/people-contract/lookup';
import { hrFileRoutes, hrFileSubjects } from '@intranet/people-contract/hr';
import { peopleOrgRoutes } from '@intranet/people-contract/structure';
import type { Config } from '@intranet/platform-config';
import type { Database } from '@intranet/platform-db';
import { Domain, DOMAIN_DEPS, PORTS, RouteController, SubjectController, type DomainDeps, type Logger } from '@intranet/platform-host';
import { authHandlers, authSubjects, ensureSuperadmin, oneTimeLink } from './auth.ts';
import { exportHandlers } from './export.ts';
import { lookupSubjects } from './lookup.ts';
import { hrFileHandlers } from './hr-files.ts';
import { pinHandlers } from './pins.ts';
import { projectHandlers } from './projects.ts';
import { structureHandlers, structureLoadHandlers } from './structure.ts';
import { vacationHandlers } from './vacations.ts';
import { userHandlers } from './users.ts';

export { users, sessions, passwordResets, signInAttempts, departments, deptUsers, vacations, projects, projectParticipants, userFiles } from './schema.ts';
export { usersRepository } from './repository.ts';
export { exportHeaders } from './export.ts';
export { sharedRateLimit, signInLimits, type SharedRateLimit } from './sign-in-limits.ts';

/** Provider tokens of the people handler maps (routes of `peopleRoutes`; bus-only `peopleSubjects`). */
export const PEOPLE_ROUTES = 'people:routes';
/** Provider tokens of the employees' HR files (hrFileHandlers: routes of hrFileRoutes, bus-only hrFileSubjects). */
const PEOPLE_HR_FILES = 'people:hrFiles';
const PEOPLE_HR_FILE_ROUTES = 'people:hrFileRoutes';
const PEOPLE_HR_FILE_SUBJECTS = 'people:hrFileSubjects';
/** Provider token: the handlers of peopleOrgRoutes (structure, vacations, projects). */
export const PEOPLE_ORG_ROUTES = 'people:orgRoutes';
export const PEOPLE_SUBJECTS = 'people:subjects';
/** Provider token: the handlers of peopleLookupSubjects (direct chief, users by ids). */
export const PEOPLE_LOOKUP_SUBJECTS = 'people:lookupSubjects';

/**
 * First start: creates the superadmin from SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD; without them, creates one
 * with no usable password and prints a one-time link (a password reset token, 1 h) to set it. Runs before the
 * service answers requests (it needs the database only).
 */
@Injectable()
export class SuperadminBootstrap implements OnApplicationBootstrap {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.config) private readonly config: Config,
    @Inject(PORTS.log) private readonly log: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { db, config, log } = this;
    if (config.SUPERADMIN_EMAIL && config.SUPERADMIN_PASSWORD) {
      const r = await ensureSuperadmin(db, config.SUPERADMIN_EMAIL, config.SUPERADMIN_PASSWORD);
      if (r.created) log.info(`superadmin ${config.SUPERADMIN_EMAIL} created`);
      return;
    }
    const r = await ensureSuperadmin(db, config.SUPERADMIN_EMAIL ?? 'superadmin@localhost', null);
    if (!r.created) return;
    const link = await oneTimeLink(db, r._id, config);
    log.info(`superadmin created (login 'superadmin'); set its password once at ${link}`);
  }
}

/** The people domain (DESIGN §2): users, credentials, sessions, roles and feature rights, pins, company structure, vacations, projects, export. */
@Domain({
  name: 'people',
  // It signs the tokens the gateway verifies: a generated secret would differ per process.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'people', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [
    {
      provide: PEOPLE_ROUTES,
      useFactory: (deps: DomainDeps) => ({
        ...authHandlers(deps),
        ...userHandlers(deps),
        ...pinHandlers(deps),
        ...exportHandlers(deps),
      }),
      inject: [DOMAIN_DEPS],
    },
    {
      provide: PEOPLE_ORG_ROUTES,
      useFactory: (deps: DomainDeps) => ({
        ...structureHandlers(deps),
        ...structureLoadHandlers(deps),
        ...vacationHandlers(deps),
        ...projectHandlers(deps),
      }),
      inject: [DOMAIN_DEPS],
    },
    { provide: PEOPLE_SUBJECTS, useFactory: authSubjects, inject: [DOMAIN_DEPS] },
    { provide: PEOPLE_LOOKUP_SUBJECTS, useFactory: lookupSubjects, inject: [DOMAIN_DEPS] },
    { provide: PEOPLE_HR_FILES, useFactory: hrFileHandlers, inject: [DOMAIN_DEPS] },
    { provide: PEOPLE_HR_FILE_ROUTES, useFactory: (h: ReturnType<typeof hrFileHandlers>) => h.routes, inject: [PEOPLE_HR_FILES] },
    { provide: PEOPLE_HR_FILE_SUBJECTS, useFactory: (h: ReturnType<typeof hrFileHandlers>) => h.subjects, inject: [PEOPLE_HR_FILES] },
    SuperadminBootstrap,
  ],
  controllers: [
    RouteController('PeopleRoutes', peopleRoutes, PEOPLE_ROUTES),
    RouteController('PeopleOrgRoutes', peopleOrgRoutes, PEOPLE_ORG_ROUTES),
    SubjectController('PeopleSubjects', peopleSubjects, PEOPLE_SUBJECTS),
    SubjectController('PeopleLookupSubjects', peopleLookupSubjects, PEOPLE_LOOKUP_SUBJECTS),
    RouteController('PeopleHrFileRoutes', hrFileRoutes, PEOPLE_HR_FILE_ROUTES),
    SubjectController('PeopleHrFileSubjects', hrFileSubjects, PEOPLE_HR_FILE_SUBJECTS),
  ],
})
export class PeopleModule {}
