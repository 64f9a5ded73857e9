import { defineRoute, Id, z, type Access, type ClientFeature } from '@intranet/platform-contracts';

/**
 * §7 "Generic module calls": GET api/{module} with filter → result; GET/PUT/DELETE api/{module}/{id}; POST
 * api/{module} with data. A module registers with them by declaring its calls with `moduleCall.*` in its
 * contract — its name, its access rules and the schemas of its filter, bodies and results — and binding handlers to
 * the calls' subjects (`<domain>.<module>.<call>`) in its domain module, as for any route.
 *
 * Each registered call is an ordinary contract route (`GET /api/desk`, `GET /api/desk/{id}`, ...): the gateway
 * serves it with no per-route code, its access rule and client feature are checked there, static paths keep winning
 * over parametric ones (Fastify's router) and the route-generic checks cover it. A module nobody registered has no
 * route at all, so the gateway's catch-all answers it 404 with code `apiNotFound` (§8), for anonymous callers too.
 */
export interface ModuleRef {
  /** The owning domain: the first segment of the subjects. */
  domain: string;
  /** The `{module}` of §7: a lower-case word (`desk`). */
  module: string;
  /** The module's default access rule (§6); a call may name its own. */
  access: Access;
  /** The client feature of its calls; default: the one of the access rule's right. */
  feature?: ClientFeature | null;
  /** Spec sections, for the docs. */
  spec: string;
}

/** Declares a module of the generic calls (validates the name). */
export function defineModule(ref: ModuleRef): ModuleRef {
  if (!/^[a-z][a-z0-9_]*$/.test(ref.module)) throw new Error(`module name ${ref.module}: lower-case letters, digits and _`);
  return ref;
}

const base = (m: ModuleRef, call: string, summary: string, a?: Access) => ({
  subject: `${m.domain}.${m.module}.${call}`,
  summary,
  spec: `${m.spec}; §7 generic module call (module ${m.module})`,
  access: a ?? m.access,
  ...(m.feature !== undefined ? { feature: m.feature } : {}),
});

const idParams = z.object({ id: Id });

/** The five generic calls of a module, each a typed RouteDef. */
export const moduleCall = {
  /** GET api/{module}?filter=… → result (the list). */
  list: <Q extends z.ZodType, R extends z.ZodType>(m: ModuleRef, c: { query: Q; result: R; summary: string; access?: Access }) =>
    defineRoute({ method: 'GET', path: `/api/${m.module}`, ...base(m, 'list', c.summary, c.access), query: c.query, result: c.result }),
  /** GET api/{module}/{id} → result. */
  get: <R extends z.ZodType>(m: ModuleRef, c: { result: R; summary: string; access?: Access }) =>
    defineRoute({ method: 'GET', path: `/api/${m.module}/{id}`, ...base(m, 'get', c.summary, c.access), params: idParams, result: c.result }),
  /** POST api/{module} with data → result. */
  create: <B extends z.ZodType, R extends z.ZodType>(m: ModuleRef, c: { body: B; result: R; summary: string; access?: Access }) =>
    defineRoute({ method: 'POST', path: `/api/${m.module}`, ...base(m, 'create', c.summary, c.access), body: c.body, result: c.result }),
  /** PUT api/{module}/{id} with data → result. */
  update: <B extends z.ZodType, R extends z.ZodType>(m: ModuleRef, c: { body: B; result: R; summary: string; access?: Access }) =>
    defineRoute({ method: 'PUT', path: `/api/${m.module}/{id}`, ...base(m, 'update', c.summary, c.access), params: idParams, body: c.body, result: c.result }),
  /** DELETE api/{module}/{id} → result. */
  delete: <R extends z.ZodType>(m: ModuleRef, c: { result: R; summary: string; access?: Access }) =>
    defineRoute({ method: 'DELETE', path: `/api/${m.module}/{id}`, ...base(m, 'delete', c.summary, c.access), params: idParams, result: c.result }),
};
