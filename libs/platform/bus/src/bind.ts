import { zodFieldErrors, type RouteDef, type RouteInput } from '@intranet/platform-contracts';
import { Errors } from '@intranet/platform-errors';
import type { z } from 'zod';
import type { Bus, RequestContext } from './types.ts';

/** A route's handler: validated input and the caller's context → the route's result (before output parsing). */
export type RouteHandler<D extends RouteDef> = (input: RouteInput<D>, ctx: RequestContext) => Promise<z.input<D['result']>>;

export type RouteHandlers<T extends Record<string, RouteDef>> = { [K in keyof T]: RouteHandler<T[K]> };

/** What travels on the bus for a route call. */
export interface RouteMessage {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/**
 * Binds each route's handler to its subject (DESIGN §4). Input is validated again here — the service enforces
 * every §5 rule whoever calls it — and the output is parsed by the result schema, which strips any field the
 * contract does not list (a password hash can never leak). Errors: validation DomainError with field list.
 */
export function bindRoutes<T extends Record<string, RouteDef>>(bus: Bus, routes: T, handlers: RouteHandlers<T>): void {
  for (const key of Object.keys(routes) as (keyof T & string)[]) {
    const route = routes[key];
    const handler = handlers[key];
    if (!handler) throw new Error(`No handler for route ${key} (${route.subject})`);
    bus.handle(route.subject, async ({ ctx, input }) => {
      const msg = (input ?? {}) as RouteMessage;
      const parsed = parseRouteInput(route, msg);
      const out = await handler(parsed as RouteInput<T[typeof key]>, ctx);
      return route.result.parse(out);
    });
  }
}

/** Validates params, query and body of a route; throws the §8 validation error listing every bad field. */
export function parseRouteInput<D extends RouteDef>(route: D, msg: RouteMessage): RouteInput<D> {
  const p = route.params.safeParse(msg.params ?? {});
  const q = route.query.safeParse(msg.query ?? {});
  const b = route.body.safeParse(msg.body ?? {});
  const errors = [
    ...(p.success ? [] : zodFieldErrors(p.error)),
    ...(q.success ? [] : zodFieldErrors(q.error)),
    ...(b.success ? [] : zodFieldErrors(b.error)),
  ];
  if (errors.length) throw Errors.validation(errors);
  return { params: p.data, query: q.data, body: b.data } as RouteInput<D>;
}
