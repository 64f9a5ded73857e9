import type { FeatureRight } from '@intranet/platform-contracts';

/** One navbar entry (§2 menu items). */
export interface MenuItem {
  id: string;
  /** Key in the `shell` namespace, under `menu.`. */
  label: string;
  /** Target path; `{uid}` is replaced by the signed-in user's id. */
  path: string;
  /** Feature right needed (§6); admins and the superadmin have all. */
  right?: FeatureRight;
  /** Client feature that hides the item when switched off for the client (§3 features). */
  feature?: string;
  /** Only for client administrators (and the superadmin). */
  admin?: boolean;
  /** Only for the superadmin. */
  superadmin?: boolean;
  /** Shown in the phone footer bar. */
  mobile?: boolean;
}

/** The §2 menu in its order. */
export const MENU: MenuItem[] = [
  { id: 'notifications', label: 'notifications', path: '/notifications', mobile: true },
  { id: 'wall', label: 'wall', path: '/company', right: 'wall', feature: 'wall', mobile: true },
  { id: 'addressBook', label: 'addressBook', path: '/addressBook/', right: 'address', feature: 'address_book', mobile: true },
  { id: 'profile', label: 'profile', path: '/profile/{uid}', mobile: true },
  { id: 'groups', label: 'groups', path: '/groups/', right: 'groups', feature: 'groups' },
  { id: 'events', label: 'events', path: '/calendar/', right: 'calendar', feature: 'calendar' },
  { id: 'knowledgeBase', label: 'knowledgeBase', path: '/articles/', right: 'knowledge_base', feature: 'knowledge_base' },
  { id: 'vacancies', label: 'vacancies', path: '/vacancies/', right: 'vacancies', feature: 'vacancies' },
  { id: 'services', label: 'services', path: '/services/', right: 'services', feature: 'services' },
  { id: 'polls', label: 'polls', path: '/polls', right: 'polls', feature: 'polls' },
  { id: 'chats', label: 'chats', path: '/chat', right: 'chat', feature: 'chat' },
  { id: 'structure', label: 'structure', path: '/structure_new', right: 'structures', feature: 'structure' },
  { id: 'noSilent', label: 'noSilent', path: '/report_violation', right: 'no_silent', feature: 'no_silent' },
  { id: 'ideas', label: 'ideas', path: '/idea', right: 'ideas', feature: 'ideas' },
  { id: 'employees', label: 'employees', path: '/employees/', admin: true },
  { id: 'clients', label: 'clients', path: '/clients', superadmin: true },
  { id: 'adminPanel', label: 'adminPanel', path: '/admin/', admin: true },
  { id: 'shop', label: 'shop', path: '/shop/', right: 'shop', feature: 'shop' },
  { id: 'taskTracker', label: 'taskTracker', path: '/task-tracker/', right: 'task_tracker', feature: 'task_tracker' },
  { id: 'adaptation', label: 'adaptation', path: '/adaptation', right: 'adaptation', feature: 'adaptation' },
  { id: 'vacations', label: 'vacations', path: '/vacations', right: 'vacations', feature: 'vacations' },
  { id: 'learning', label: 'learning', path: '/courses', right: 'lms', feature: 'lms' },
  { id: 'learningAnalytics', label: 'learningAnalytics', path: '/courses/analytics', admin: true, feature: 'lms' },
  { id: 'idp', label: 'idp', path: '/idp', feature: 'idp' },
];

/** Inputs deciding menu visibility. */
export interface MenuContext {
  uid: string | null;
  isAdmin: boolean;
  isSuperadmin: boolean;
  hasRight: (r: FeatureRight) => boolean;
  /** Client features; an item is hidden only when its feature is present and switched off. */
  features: { feature: string; active: boolean }[];
}

/** The items this user may see, with `{uid}` filled in. */
export function visibleMenu(ctx: MenuContext): MenuItem[] {
  const off = new Set(ctx.features.filter((f) => !f.active).map((f) => f.feature));
  return MENU.filter((m) => {
    if (m.superadmin && !ctx.isSuperadmin) return false;
    if (m.admin && !ctx.isAdmin) return false;
    if (m.right && !ctx.hasRight(m.right)) return false;
    if (m.feature && !ctx.isSuperadmin && off.has(m.feature)) return false;
    return true;
  }).map((m) => ({ ...m, path: m.path.replace('{uid}', ctx.uid ?? '') }));
}
