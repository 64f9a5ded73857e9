/**
 * The zod-free part of the contracts (DESIGN §4): feature rights and client features, access rules, the §5
 * validation texts, path filling and `RouteRef` (a route's method, path, envelope and access without its schemas).
 * `index.ts` re-exports all of it; the web's first load imports this module directly, so it carries no zod
 * (issue 8 §5, DESIGN §10 first-load budget).
 */

/** Feature rights per employee (§6). Stored as role strings beside 'admin'/'employee'. */
export const FEATURE_RIGHTS = [
  'wall',
  'address',
  'groups',
  'calendar',
  'profile_edit',
  'knowledge_base',
  'events_create',
  'task_tracker',
  'desk_add',
  'vacancies',
  'services',
  'structures',
  'no_silent',
  'polls',
  'ideas',
  'kb_files',
  'chat',
  'shop',
  'adaptation',
  'vacations',
  'vacations_edit',
  'dark_theme',
  'lms',
] as const;
export type FeatureRight = (typeof FEATURE_RIGHTS)[number];

/**
 * The rights a new workspace gives its new employees until an administrator changes them (§3 Client settings,
 * "initial rights"): every feature right but vacations_edit, which approves and deletes colleagues' vacations
 * (issue 29 §1; direct chiefs approve their people's requests without it).
 */
export const DEFAULT_INITIAL_RIGHTS: readonly FeatureRight[] = FEATURE_RIGHTS.filter((r) => r !== 'vacations_edit');

/** Client-toggleable features (§3 Client features, §6 "Clients have toggleable features"). */
export const CLIENT_FEATURES = [
  'wall',
  'address_book',
  'groups',
  'calendar',
  'knowledge_base',
  'vacancies',
  'services',
  'polls',
  'chat',
  'structure',
  'no_silent',
  'ideas',
  'task_tracker',
  'shop',
  'adaptation',
  'vacations',
  'lms',
  'idp',
  'analytics',
  'mood',
] as const;
export type ClientFeature = (typeof CLIENT_FEATURES)[number];

/**
 * The client feature (module) each per-employee feature right belongs to (§6). A route whose access rule is a
 * feature right is refused when its client feature is switched off for the caller's client; rights that are
 * not a module of their own (profile_edit, dark_theme) map to null and are never switched off this way.
 */
export const FEATURE_OF_RIGHT: Record<FeatureRight, ClientFeature | null> = {
  wall: 'wall',
  address: 'address_book',
  groups: 'groups',
  calendar: 'calendar',
  profile_edit: null,
  knowledge_base: 'knowledge_base',
  events_create: 'calendar',
  task_tracker: 'task_tracker',
  desk_add: 'task_tracker',
  vacancies: 'vacancies',
  services: 'services',
  structures: 'structure',
  no_silent: 'no_silent',
  polls: 'polls',
  ideas: 'ideas',
  kb_files: 'knowledge_base',
  chat: 'chat',
  shop: 'shop',
  adaptation: 'adaptation',
  vacations: 'vacations',
  vacations_edit: 'vacations',
  dark_theme: null,
  lms: 'lms',
};

/** Who may call a route (§6). Checked by the gateway before the request reaches the bus. */
export type Access = { kind: 'public' } | { kind: 'authenticated' } | { kind: 'admin' } | { kind: 'superadmin' } | { kind: 'feature'; right: FeatureRight };

export const access = {
  public: { kind: 'public' } as Access,
  authenticated: { kind: 'authenticated' } as Access,
  admin: { kind: 'admin' } as Access,
  superadmin: { kind: 'superadmin' } as Access,
  feature: (right: FeatureRight): Access => ({ kind: 'feature', right }),
};

/** Whether `roles` satisfy a route's access rule. Admin rights also hold for the superadmin (§6). */
export function allows(rule: Access, roles: readonly string[] | null): boolean {
  if (rule.kind === 'public') return true;
  if (!roles) return false;
  const superadmin = roles.includes('superadmin');
  switch (rule.kind) {
    case 'authenticated':
      return true;
    case 'superadmin':
      return superadmin;
    case 'admin':
      return superadmin || roles.includes('admin');
    case 'feature':
      return superadmin || roles.includes('admin') || roles.includes(rule.right);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * What the web's API client reads of a route when it calls it (DESIGN §4): method, path, envelope and access rule.
 * Every RouteDef is one; a `RouteRef` is one written out without the route's zod schemas.
 */
export interface RouteTarget {
  method: HttpMethod;
  /** Path exactly as §7 gives it, with `{param}` placeholders and a leading slash. */
  path: string;
  /** 'result': the answer is `{ result }`; 'raw': the body as is. */
  envelope: 'result' | 'raw';
  access: Access;
}

/** Type-only key of the route a RouteRef stands for (never set at run time). */
declare const routeOf: unique symbol;

/**
 * A route written out as its `RouteTarget` and typed as the contract's route `D`, so `call(ref, …)` is typed exactly
 * as `call(route, …)` while the caller's bundle holds no schemas (issue 8 §5: the shell's first load carries no zod).
 * Declared beside the contract (`<domain>-contract/refs`), which checks each against its route in a spec.
 */
export interface RouteRef<D> extends RouteTarget {
  readonly [routeOf]?: D;
}

/** A RouteRef of the route `D` (the contract's `typeof xRoutes.y`) from its written-out target. */
export function routeRef<D>(target: RouteTarget): RouteRef<D> {
  return target;
}

/** Fills `{param}` placeholders; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined || v === null) throw new Error(`Missing path parameter ${k}`);
    return encodeURIComponent(String(v));
  });
}

/** Validation texts of §5 shared by server and web. */
export const V = {
  required: 'Field is required',
  email: 'Invalid e-mail',
  url: 'Invalid URL',
  alphanumeric: 'Only latin letters and digits',
  max: (n: number) => `Max ${n} symbols`,
  min: (n: number) => `Min ${n} symbols`,
  /** §5 "illegal symbols rejected": control characters (NUL…) in any text. */
  illegalSymbols: 'Illegal symbols',
  tooDeep: 'Nested too deeply',
} as const;
