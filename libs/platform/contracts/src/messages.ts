import type { z } from 'zod';

/**
 * An event a domain publishes (DESIGN §6), declared once in its contract: the subject
 * `evt.<domain>.<entity>.<verb>` and the zod schema of its payload. Producers publish and consumers subscribe through
 * the definition, so both sides share one payload type and the consumer's copy is parsed, never cast.
 */
export interface EventDef<S extends z.ZodType = z.ZodType> {
  subject: string;
  payload: S;
  summary?: string;
}

/** Declares an event of a contract. */
export function defineEvent<S extends z.ZodType>(subject: string, payload: S, summary?: string): EventDef<S> {
  if (!/^evt\.[a-z0-9_]+\.[a-z0-9_]+\.[a-z0-9_]+$/.test(subject)) throw new Error(`Event subject ${subject} is not evt.<domain>.<entity>.<verb>`);
  return { subject, payload, summary };
}

/** What a producer passes (before zod defaults). */
export type EventInput<E extends EventDef> = z.input<E['payload']>;
/** What a consumer receives (parsed). */
export type EventPayload<E extends EventDef> = z.output<E['payload']>;

/**
 * A service-to-service request subject (not an HTTP route), declared once in the owner's contract with the schemas
 * of its request and reply. Callers and handlers are typed from it, and each side parses what crosses the bus.
 */
export interface SubjectDef<Req extends z.ZodType = z.ZodType, Rep extends z.ZodType = z.ZodType> {
  subject: string;
  request: Req;
  reply: Rep;
  summary?: string;
}

/** Declares a request subject of a contract (`<domain>.internal.<action>`). */
export function defineSubject<Req extends z.ZodType, Rep extends z.ZodType>(subject: string, request: Req, reply: Rep, summary?: string): SubjectDef<Req, Rep> {
  return { subject, request, reply, summary };
}
