import { V, zodFieldErrors, type RouteDef, type RouteInput } from '@intranet/platform-contracts';
import { Errors } from '@intranet/platform-errors';
import type { z } from 'zod';
import type { RequestContext } from './types.ts';

/** A route's handler: validated input and the caller's context → the route's result (before output parsing). */
export type RouteHandler<D extends RouteDef> = (input: RouteInput<D>, ctx: RequestContext) => Promise<z.input<D['result']>>;

export type RouteHandlers<T extends Record<string, RouteDef>> = { [K in keyof T]: RouteHandler<T[K]> };

/** What travels on the bus for a route call (the `input` of its BusRequest). */
export interface RouteMessage {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/**
 * Validates params, query and body of a route; throws the §8 validation error listing every bad field. Before the
 * schemas run, every input passes `inputHygiene` (control characters, nesting depth), so no route's handler,
 * database or bus ever sees them.
 */
export function parseRouteInput<D extends RouteDef>(route: D, msg: RouteMessage): RouteInput<D> {
  const hygiene = [...inputHygiene(msg.params), ...inputHygiene(msg.query), ...inputHygiene(msg.body)];
  if (hygiene.length) throw Errors.validation(hygiene);
  const p = route.params.safeParse(msg.params ?? {});
  const q = route.query.safeParse(msg.query ?? {});
  const b = route.body.safeParse(msg.body ?? {});
  const errors = [...(p.success ? [] : zodFieldErrors(p.error)), ...(q.success ? [] : zodFieldErrors(q.error)), ...(b.success ? [] : zodFieldErrors(b.error))];
  if (errors.length) throw Errors.validation(errors);
  return { params: p.data, query: q.data, body: b.data } as RouteInput<D>;
}

/**
 * Deepest nesting of arrays/objects a route input may have. Deeper JSON parses fine (JSON.parse is iterative) but
 * overflows the stack wherever it is serialised again — both buses JSON.stringify every request — so it used to
 * end as a 500.
 */
export const MAX_INPUT_DEPTH = 32;

/** C0 control characters but tab, line feed and carriage return, and DEL: PostgreSQL refuses NUL in text (a 500). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const MAX_HYGIENE_ERRORS = 20;

/**
 * Input rules every route shares (§5 "illegal symbols rejected"): no string or key holds a control character or a
 * lone surrogate (ill-formed UTF-16: jsonb refuses its escape), and
 * no value nests deeper than MAX_INPUT_DEPTH. Input: a parsed JSON value (params, query or body). Output: the §8
 * field errors (at most 20), `field` being the dotted path as zod names it; [] when clean. Walks iteratively.
 */
export function inputHygiene(value: unknown): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  const stack: { v: unknown; path: string[] }[] = [{ v: value, path: [] }];
  while (stack.length && errors.length < MAX_HYGIENE_ERRORS) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL_CHARS.test(v) || !v.isWellFormed()) errors.push({ field: path.join('.'), message: V.illegalSymbols });
    } else if (v && typeof v === 'object') {
      if (path.length >= MAX_INPUT_DEPTH) {
        errors.push({ field: path.slice(0, 1).join('.'), message: V.tooDeep });
        continue;
      }
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
      for (const [k, x] of entries) {
        if (CONTROL_CHARS.test(k) || !k.isWellFormed()) {
          errors.push({ field: path.join('.'), message: V.illegalSymbols });
          break;
        }
        stack.push({ v: x, path: [...path, k] });
      }
    }
  }
  return errors;
}
