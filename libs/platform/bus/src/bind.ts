import { zodFieldErrors, type RouteDef, type RouteInput } from '@intranet/platform-contracts';
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
