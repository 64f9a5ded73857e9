/** Web pages and widgets of the analytics domain (DESIGN §3), exposed to the shell by apps/analytics-web. */
export { AnalyticsPage } from './AnalyticsPage.tsx';
export { ActivityBeacon } from './ActivityBeacon.tsx';
export { MoodMeter } from './MoodMeter.tsx';
export { MoodStatsTab } from './MoodStatsTab.tsx';
