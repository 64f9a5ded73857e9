import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { LmsController } from './lms.controller.ts';
import { LmsRepository } from './lms.repository.ts';
import { LmsService } from './lms.service.ts';

/**
 * The lms domain (DESIGN §2) as a Nest module: the controller binds the routes, the service holds the use
 * cases, the repository owns the SQL, access.ts the can-rules, mapping.ts the API shapes.
 */
@Domain({
  name: 'lms',
  migrations: { schema: 'lms', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [LmsController],
  providers: [LmsRepository, LmsService],
})
export class LmsModule {}
