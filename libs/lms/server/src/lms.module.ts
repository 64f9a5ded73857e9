import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { CoursesService } from './courses.service.ts';
import { IdpService } from './idp.service.ts';
import { LearningService } from './learning.service.ts';
import { LmsController } from './lms.controller.ts';
import { LmsRepository } from './lms.repository.ts';
import { LmsPeople } from './people.ts';
import { lmsTenant } from './tenant.ts';

/**
 * The lms domain (learning and IDP, DESIGN §2) as a Nest module: the controller binds the routes, the services hold
 * the use cases, the repository owns the SQL, access.ts the can-rules, mapping.ts the API shapes.
 */
@Domain({
  name: 'lms',
  migrations: { schema: 'lms', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  requiredConfig: ['JWT_SECRET'],
  controllers: [lmsTenant.controller, LmsController],
  providers: [lmsTenant.provider, LmsRepository, LmsPeople, CoursesService, LearningService, IdpService],
})
export class LmsModule {}
