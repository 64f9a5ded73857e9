import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { AuthController } from './auth.controller.ts';
import { AuthService } from './auth.service.ts';
import { ChiefsService } from './chiefs.service.ts';
import { ClientsPort } from './clients-port.ts';
import { ExportService } from './export.service.ts';
import { HrFilesController } from './hr-files.controller.ts';
import { HrFilesRepository } from './hr-files.repository.ts';
import { HrFilesService } from './hr-files.service.ts';
import { LookupController } from './lookup.controller.ts';
import { PeopleMaintenanceController } from './maintenance.controller.ts';
import { PasswordResetJobs } from './password-reset.jobs.ts';
import { PinsService } from './pins.service.ts';
import { ProjectsController } from './projects.controller.ts';
import { ProjectsRepository } from './projects.repository.ts';
import { ProjectsService } from './projects.service.ts';
import { RolesService } from './roles.service.ts';
import { ResetsRepository, SessionsRepository } from './sessions.repository.ts';
import { SessionsService, SuperadminBootstrap } from './sessions.service.ts';
import { SsoController } from './sso.controller.ts';
import { SsoRepository } from './sso.repository.ts';
import { SsoService } from './sso.service.ts';
import { StructureController } from './structure.controller.ts';
import { StructureEvents } from './structure-events.ts';
import { StructureLoadService } from './structure-load.service.ts';
import { StructureRepository } from './structure.repository.ts';
import { StructureService } from './structure.service.ts';
import { LoadHrm } from './use-cases/load-hrm.ts';
import { NewUsers } from './use-cases/new-users.ts';
import { RegisterUsers } from './use-cases/register-users.ts';
import { UserChanges } from './user-changes.service.ts';
import { UsersController } from './users.controller.ts';
import { UsersRepository } from './users.repository.ts';
import { UsersService } from './users.service.ts';
import { VacationsController } from './vacations.controller.ts';
import { VacationsRepository } from './vacations.repository.ts';
import { VacationsService } from './vacations.service.ts';
import { peopleTenant } from './tenant.ts';

/**
 * The people domain (DESIGN §2): users, credentials, sessions, roles and feature rights, pins, company structure,
 * vacations, projects, HR files and load, export; and the look-ups other domains ask through `peopleClient`.
 */
@Domain({
  name: 'people',
  // It signs the tokens the gateway verifies: a generated secret would differ per process.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'people', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [
    peopleTenant.controller,
    PeopleMaintenanceController,
    AuthController,
    UsersController,
    StructureController,
    VacationsController,
    ProjectsController,
    HrFilesController,
    LookupController,
    SsoController,
  ],
  providers: [
    peopleTenant.provider,
    // Repositories (all the SQL)
    UsersRepository,
    SessionsRepository,
    ResetsRepository,
    StructureRepository,
    VacationsRepository,
    ProjectsRepository,
    HrFilesRepository,
    SsoRepository,
    // Services and use cases
    ClientsPort,
    UserChanges,
    NewUsers,
    RegisterUsers,
    LoadHrm,
    PasswordResetJobs,
    AuthService,
    SessionsService,
    UsersService,
    RolesService,
    PinsService,
    ExportService,
    StructureEvents,
    StructureService,
    StructureLoadService,
    ChiefsService,
    VacationsService,
    ProjectsService,
    HrFilesService,
    SsoService,
    SuperadminBootstrap,
  ],
})
export class PeopleModule {}
