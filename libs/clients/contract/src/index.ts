/**
 * The clients contract (§3 Client, §7 Clients, the audit journal of issue 18): codes, schemas, routes with the
 * bus-only subjects, and events, each in its own module (issue 30 §5).
 */
export * from './codes.ts';
export * from './events.ts';
export { clientRoutes, clientSubjects } from './routes.ts';
export { applicationRoutes, applicationSchema, DEFAULT_SECTIONS, type Application } from './application.ts';
export {
  archiveManifest,
  archiveSchema,
  clientLifecycleRoutes,
  clientStatSchema,
  collectionName,
  fileStatSchema,
  LIFE_JOB_KINDS,
  MAINTENANCE_TASKS,
  lifeJobRoutes,
  lifeJobSchema,
  lifeJobStart,
  storedObject,
  type ClientStat,
  type LifeJob,
  type LifeJobKind,
} from './lifecycle.ts';
export {
  CLIENT_FONTS,
  clientCreate,
  clientDesignSchema,
  clientFeatureActive,
  clientSchema,
  clientUpdate,
  clientWritable,
  COLOUR_TEXT,
  JOURNAL_ACTIONS,
  JOURNAL_SECTIONS,
  journalEntrySchema,
  journalQuery,
  publicClientSchema,
  routeClientFeature,
  workspaceCode,
  type Client,
  type ClientDesign,
  type ClientFont,
  type JournalEntryView,
  type JournalSection,
} from './schemas.ts';

export { CLIENT_FEATURES, FEATURE_OF_RIGHT, type ClientFeature } from '@intranet/platform-contracts';
