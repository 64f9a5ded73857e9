import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { AdaptationController } from './adaptation.controller.ts';
import { AdaptationRepository } from './adaptation.repository.ts';
import { AdaptationsService } from './adaptations.service.ts';
import { AdaptationEventsController } from './events.controller.ts';
import { AdaptationJobs } from './jobs.ts';
import { RefsProjection } from './refs.projection.ts';
import { adaptationTenant } from './tenant.ts';
import { TracksService } from './tracks.service.ts';

/**
 * The adaptation domain (DESIGN §2) as a Nest module: the controller binds the routes, TracksService the tracks
 * (stages, steps, scenarios, settings, analytics), AdaptationsService the newcomers' adaptations, AdaptationJobs the
 * step openings on schedule (the job queue), the events controller the other domains' completions and RefsProjection their objects steps may point to; the repository
 * owns the SQL, access.ts the can-rules, mapping.ts the API shapes, tenant.ts the workspace's export/import/delete.
 */
@Domain({
  name: 'adaptation',
  migrations: { schema: 'adaptation', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [AdaptationController, AdaptationEventsController, adaptationTenant.controller],
  providers: [AdaptationRepository, TracksService, AdaptationsService, AdaptationJobs, RefsProjection, adaptationTenant.provider],
})
export class AdaptationModule {}
