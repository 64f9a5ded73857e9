import type { Bus, BusMeta, BusRequest, EventHandler, Handler, PublishOptions, RequestOptions, SubscribeOptions } from '@intranet/platform-bus';
import { busDuration } from './observability.ts';
import { context, contextFromHeaders, endSpan, SpanKind, trace, traceHeaders, tracer, tracingOn } from './tracing.ts';

const INSTRUMENTED = Symbol('instrumented');

/**
 * The bus with metrics and traces around requests (issue 18 §6), the same in both modes: a request records
 * `bus_request_duration_seconds{side="client"}` and, with tracing on, a CLIENT span whose W3C context rides in the
 * request's headers (NATS message headers on the wire); a bound handler records `{side="server"}` and runs inside
 * a SERVER span continuing the context its request carried, so the handler's SQL joins the gateway's trace.
 * Events pass through unchanged. Wrapping twice returns the same wrapper.
 */
export function instrumentBus(bus: Bus): Bus {
  if ((bus as { [INSTRUMENTED]?: boolean })[INSTRUMENTED]) return bus;
  const timed = async <T>(
    subject: string,
    req: BusRequest,
    opts: RequestOptions | undefined,
    send: (o: RequestOptions | undefined) => Promise<T>,
  ): Promise<T> => {
    const start = performance.now();
    let outcome = 'ok';
    if (!tracingOn()) {
      try {
        return await send(opts);
      } catch (err) {
        outcome = 'error';
        throw err;
      } finally {
        busDuration.observe({ subject, side: 'client', outcome }, (performance.now() - start) / 1000);
      }
    }
    const span = tracer().startSpan(`${subject} send`, {
      kind: SpanKind.CLIENT,
      attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject },
    });
    const headers = { ...opts?.headers, ...traceHeaders(trace.setSpan(context.active(), span)) };
    let error: unknown;
    try {
      return await send({ ...opts, headers });
    } catch (err) {
      outcome = 'error';
      error = err;
      throw err;
    } finally {
      busDuration.observe({ subject, side: 'client', outcome }, (performance.now() - start) / 1000);
      endSpan(span, error);
    }
  };

  const wrapHandler =
    (subject: string, handler: Handler): Handler =>
    async (req: BusRequest, meta?: BusMeta) => {
      const start = performance.now();
      let outcome = 'ok';
      if (!tracingOn()) {
        try {
          return await handler(req, meta);
        } catch (err) {
          outcome = 'error';
          throw err;
        } finally {
          busDuration.observe({ subject, side: 'server', outcome }, (performance.now() - start) / 1000);
        }
      }
      const parent = contextFromHeaders(meta?.headers);
      const span = tracer().startSpan(
        `${subject} process`,
        { kind: SpanKind.SERVER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } },
        parent,
      );
      let error: unknown;
      try {
        return await context.with(trace.setSpan(parent, span), () => handler(req, meta));
      } catch (err) {
        outcome = 'error';
        error = err;
        throw err;
      } finally {
        busDuration.observe({ subject, side: 'server', outcome }, (performance.now() - start) / 1000);
        endSpan(span, error);
      }
    };

  const wrapper: Bus & { [INSTRUMENTED]: true } = {
    [INSTRUMENTED]: true,
    request: <R>(subject: string, req: BusRequest, opts?: RequestOptions) => timed(subject, req, opts, (o) => bus.request<R>(subject, req, o)),
    requestJson: (subject: string, req: BusRequest, opts?: RequestOptions) => timed(subject, req, opts, (o) => bus.requestJson(subject, req, o)),
    handle: (subject: string, handler: Handler) => bus.handle(subject, wrapHandler(subject, handler)),
    publish: <T>(subject: string, clientId: string | null, data: T, opts?: PublishOptions) => bus.publish(subject, clientId, data, opts),
    subscribe: <T>(subject: string, handler: EventHandler<T>, opts?: SubscribeOptions) => bus.subscribe(subject, handler, opts),
    keyValue: (bucket: string, ttlMs: number) => bus.keyValue(bucket, ttlMs),
    start: () => bus.start(),
    close: () => bus.close(),
    ping: (ms?: number) => bus.ping(ms),
    consumerLag: async () => (await bus.consumerLag?.()) ?? [],
  };
  return wrapper;
}
