/** Exposed as `analytics/ActivityBeacon` (libs/analytics/web). */
export { ActivityBeacon as default } from '@intranet/analytics-web';
