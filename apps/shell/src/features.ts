import type { ClientFeature } from '@intranet/platform-contracts';

/**
 * The client feature (§3 features, §6 "Clients have toggleable features") each §2 screen belongs to, by the first
 * segment of its path (React Router syntax, no leading slash). Screens of no switchable module (profile,
 * notifications, administration) are absent. The menu hides a switched-off feature's items (menu.ts); this table
 * lets the route table show a clear page when such a screen's URL is opened directly.
 */
export const FEATURE_OF_SCREEN: Readonly<Record<string, ClientFeature>> = {
  company: 'wall',
  post: 'wall',
  addressBook: 'address_book',
  birthdays: 'wall',
  groups: 'groups',
  group: 'groups',
  calendar: 'calendar',
  articles: 'knowledge_base',
  article: 'knowledge_base',
  vacancies: 'vacancies',
  vacancy: 'vacancies',
  services: 'services',
  service: 'services',
  polls: 'polls',
  poll: 'polls',
  chat: 'chat',
  structure_new: 'structure',
  report_violation: 'no_silent',
  idea: 'ideas',
  shop: 'shop',
  'task-tracker': 'task_tracker',
  desk: 'task_tracker',
  adaptation: 'adaptation',
  vacations: 'vacations',
  courses: 'lms',
  idp: 'idp',
};

/** The client feature of a screen path (`articles/:parent`, `/vacancy/:id`), or null for a screen of no module. */
export function featureOfScreen(path: string): ClientFeature | null {
  const first = path.replace(/^\/+/, '').split('/')[0] ?? '';
  return FEATURE_OF_SCREEN[first] ?? null;
}

/**
 * Whether a screen is closed to this user because its client feature is switched off (§6): never for the
 * superadmin (who switches features) nor for a screen of no module; a feature missing from the client's list is on.
 */
export function screenSwitchedOff(path: string, ctx: { isSuperadmin: boolean; features: readonly { feature: string; active: boolean }[] }): boolean {
  const feature = featureOfScreen(path);
  if (!feature || ctx.isSuperadmin) return false;
  return ctx.features.some((f) => f.feature === feature && !f.active);
}
