export { AdaptationModule } from './adaptation.module.ts';
export { AdaptationJobs, OPEN_QUEUE, type OpenJob } from './jobs.ts';
export { AdaptationsService } from './adaptations.service.ts';
export { adaptations, progress, settings, stages, steps, tracks } from './schema.ts';
export { openInstant, localParts } from './schedule.ts';
