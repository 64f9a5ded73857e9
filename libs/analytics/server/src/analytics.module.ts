import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { AnalyticsController } from './analytics.controller.ts';
import { AnalyticsRepository } from './analytics.repository.ts';
import { AdaptationsProjection } from './adaptations.projection.ts';
import { CoinsProjection } from './coins.projection.ts';
import { EmployeesProjection } from './employees.projection.ts';
import { MoodService } from './mood.service.ts';
import { ProjectionsRebuild } from './rebuild.ts';
import { ReportsService } from './reports.service.ts';
import { analyticsTenant } from './tenant.ts';

/**
 * The analytics domain (DESIGN §2): session and module-visit reports, reports from projections of other domains'
 * events (people's users, shop's coin movements, adaptations), and the mood meter's anonymous ratings.
 */
@Domain({
  name: 'analytics',
  migrations: { schema: 'analytics', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [analyticsTenant.controller, AnalyticsController],
  providers: [
    analyticsTenant.provider,
    AnalyticsRepository,
    ReportsService,
    MoodService,
    EmployeesProjection,
    CoinsProjection,
    AdaptationsProjection,
    ProjectionsRebuild,
  ],
})
export class AnalyticsModule {}
