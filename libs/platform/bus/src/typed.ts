import type { EventDef, SubjectDef } from '@intranet/platform-contracts';
import type { z } from 'zod';
import type { Bus, BusEvent, PublishOptions, RequestContext, SubscribeOptions } from './types.ts';

/**
 * Publishes a contract event (DESIGN §6). Prefer the outbox inside a transaction (`Outbox.add`) for state changes;
 * this is for events that describe no stored change (progress, presence). Raises the schema's or the bus's error.
 */
export async function emit<S extends z.ZodType>(
  bus: Pick<Bus, 'publish'>,
  def: EventDef<S>,
  clientId: string | null,
  data: z.input<S>,
  opts?: PublishOptions,
): Promise<void> {
  await bus.publish(def.subject, clientId, def.payload.parse(data), opts);
}

/**
 * Subscribes to a contract event; the handler gets the payload parsed by the event's schema (a payload that does
 * not match is a producer bug: it fails like a handler error, so a durable consumer retries it and it is logged).
 * Returns the unsubscribe function.
 */
export function on<S extends z.ZodType>(
  bus: Pick<Bus, 'subscribe'>,
  def: EventDef<S>,
  handler: (evt: BusEvent<z.output<S>>) => Promise<void>,
  opts?: SubscribeOptions,
): Promise<() => Promise<void>> {
  return bus.subscribe<unknown>(def.subject, (evt) => handler({ ...evt, data: def.payload.parse(evt.data) }), opts);
}

/** Calls a request subject: the input is checked by its request schema, the reply parsed by its reply schema. */
export async function ask<Req extends z.ZodType, Rep extends z.ZodType>(
  bus: Pick<Bus, 'request'>,
  def: SubjectDef<Req, Rep>,
  ctx: RequestContext,
  input: z.input<Req>,
  opts?: { timeoutMs?: number },
): Promise<z.output<Rep>> {
  const reply = await bus.request<unknown>(def.subject, { ctx, input: def.request.parse(input) }, opts);
  return def.reply.parse(reply);
}

/** Binds the handler of a request subject: it gets the parsed input; its result is parsed by the reply schema. */
export function serve<Req extends z.ZodType, Rep extends z.ZodType>(
  bus: Pick<Bus, 'handle'>,
  def: SubjectDef<Req, Rep>,
  handler: (input: z.output<Req>, ctx: RequestContext) => Promise<z.input<Rep>>,
): void | Promise<void> {
  return bus.handle(def.subject, async ({ ctx, input }) => def.reply.parse(await handler(def.request.parse(input), ctx)));
}
