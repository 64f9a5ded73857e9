import { z, type RouteDef } from '@intranet/platform-contracts';
// A cycle with fixtures.ts (which re-exports this module): only its tables are read here, at call time.
import { BODY_BY_SUBJECT, ID_PARAM_BY_SUBJECT, PARAM_BY_NAME, PARAM_BY_SUBJECT, type Entity, type Slot, type World } from './fixtures.ts';

/**
 * What the route-generic checks derive from the fixture registry (fixtures.ts) for one route: which entity each
 * path param and body id field names, the params and body that fill them from a World, and the cross-tenant
 * reference cases. A route is covered when none of its params or id fields is unknown (cannotCover).
 */

type Body = Record<string, unknown>;

/** Routes the gateway serves itself (files.*) or that take no JSON (multipart): the checks call them as they are. */
export const isMultipart = (r: RouteDef) => !!r.multipart;

/** Why a route cannot be covered, or null: an unknown param name, or an id body field the registry lacks. */
export function cannotCover(route: RouteDef): string | null {
  for (const name of paramNames(route)) if (!slotOf(route, name)) return `path param {${name}} names no entity`;
  for (const f of bodyIdFields(route)) {
    if (!BODY_BY_SUBJECT[route.subject]?.ids?.[f]) return `body id field "${f}" names no entity`;
  }
  return null;
}

/** The `{param}` names of a route's path. */
export function paramNames(route: RouteDef): string[] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** What a path param of a route holds (see PARAM_BY_NAME, ID_PARAM_BY_SUBJECT), or undefined when unknown. */
export function slotOf(route: RouteDef, name: string): Slot | undefined {
  const own = PARAM_BY_SUBJECT[route.subject]?.[name];
  if (own) return own;
  if (name !== 'id' && PARAM_BY_NAME[name]) return PARAM_BY_NAME[name];
  let best: string | undefined;
  for (const prefix of Object.keys(ID_PARAM_BY_SUBJECT)) {
    if (route.subject.startsWith(prefix) && (!best || prefix.length > best.length)) best = prefix;
  }
  return best && name === 'id' ? { entity: ID_PARAM_BY_SUBJECT[best]! } : undefined;
}

/** Body fields whose schema is a uuid or a list of uuids (the id fields a cross-tenant check must fill). */
export function bodyIdFields(route: RouteDef): string[] {
  const props = jsonSchemaProps(route.body);
  const isUuid = (s: JsonSchema | undefined): boolean =>
    !!s && (s.format === 'uuid' || (s.anyOf ?? []).some(isUuid) || (s.type === 'array' && isUuid(s.items as JsonSchema)));
  return Object.entries(props)
    .filter(([, s]) => isUuid(s))
    .map(([k]) => k);
}

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  [k: string]: unknown;
}

/** The input JSON schema of a zod schema (z.toJSONSchema; shapes it cannot express become `{}`). */
export function jsonSchema(schema: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** Top-level properties of an object schema's input (refinements and pipes included). */
export function jsonSchemaProps(schema: z.ZodType): Record<string, JsonSchema> {
  const s = jsonSchema(schema);
  return s.properties ?? Object.assign({}, ...(s.anyOf ?? []).map((a) => a.properties ?? {}));
}

/** A route's path params filled from `w`; throws "cannot cover" naming the route when a param is unknown. */
export function paramsFor(route: RouteDef, w: World): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of paramNames(route)) {
    const slot = slotOf(route, name);
    if (!slot) throw new Error(`cannot cover ${route.method} ${route.path}: path param {${name}} names no entity`);
    out[name] = 'entity' in slot ? w.ids[slot.entity] : 'workspace' in slot ? w.workspace : slot.literal;
  }
  return out;
}

/** The entities a route's params and body name (what a cross-tenant check reads back before and after). */
export function entitiesOf(route: RouteDef): Entity[] {
  const set = new Set<Entity>();
  for (const name of paramNames(route)) {
    const slot = slotOf(route, name);
    if (slot && 'entity' in slot) set.add(slot.entity);
  }
  for (const e of Object.values(BODY_BY_SUBJECT[route.subject]?.ids ?? {})) set.add(e);
  return [...set];
}

/** A valid body for a route (ids from `w`); `{}` when the registry declares none. */
export const bodyFor = (route: RouteDef, w: World): Body => BODY_BY_SUBJECT[route.subject]?.body(w) ?? {};

/**
 * The body-reference cases of a route (issue 38 §6): for each id field of its body (top-level `ids`, nested
 * `refs`), `own`'s valid body with that one reference naming `foreign`'s object instead. Output: the field the
 * refusal must name, and the body.
 */
export function referenceCases(route: RouteDef, own: World, foreign: World): { field: string; body: Body }[] {
  const entry = BODY_BY_SUBJECT[route.subject];
  if (!entry || route.multipart) return [];
  const props = jsonSchemaProps(route.body);
  const isArray = (s: JsonSchema | undefined): boolean => !!s && (s.type === 'array' || (s.anyOf ?? []).some(isArray));
  const top = Object.entries(entry.ids ?? {})
    .filter(([f]) => props[f] && !entry.opaque?.includes(f))
    .map(([field, e]) => ({ field, body: { ...entry.body(own), [field]: isArray(props[field]) ? [foreign.ids[e]] : foreign.ids[e] } }));
  const nested = Object.entries(entry.refs ?? {}).map(([field, make]) => ({ field, body: make(own, foreign) }));
  return [...top, ...nested];
}

/** Whether a route addresses an object of a client by id (params or body id fields). */
export const takesId = (route: RouteDef) => entitiesOf(route).length > 0;
