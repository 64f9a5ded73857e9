import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { createRequire } from 'node:module';

/**
 * OpenTelemetry traces (issue 18 §6): gateway HTTP span → bus client span → (W3C `traceparent` in the NATS message
 * headers) → the service's bus server span → its SQL (pg instrumentation). On only when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set (OTLP over HTTP, `<endpoint>/v1/traces`); otherwise nothing is loaded and `tracingOn()` is false, so the
 * hot paths skip every tracing call (near-zero cost).
 */
let provider: { forceFlush(): Promise<void>; shutdown(): Promise<void> } | undefined;
let on = false;

/** Whether tracing is on in this process (the hot paths test it before touching the API). */
export function tracingOn(): boolean {
  return on;
}

/** The process's tracer (a no-op one while tracing is off). */
export const tracer = () => trace.getTracer('intranet');

/**
 * Starts tracing for this process as `serviceName` when `endpoint` (default OTEL_EXPORTER_OTLP_ENDPOINT) is set:
 * batch export over OTLP/HTTP (JSON), AsyncLocalStorage context, W3C trace context propagation, and the pg client
 * patched to record each SQL statement as a child of the active span. Idempotent (the first call wins).
 */
export async function startTracing(serviceName: string, opts: { endpoint?: string } = {}): Promise<void> {
  const endpoint = opts.endpoint ?? process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || on) return;
  const [
    { TracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    { resourceFromAttributes },
    { PgInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  if (on) return;
  const p = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }), scheduledDelayMillis: 1000 }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(p);
  // The pg client is loaded lazily by @intranet/platform-db (an ESM import of a CommonJS package, which the
  // instrumentation's require hook does not see): patch the one module instance both resolve to directly.
  const pg = new PgInstrumentation({ enabled: false, requireParentSpan: true });
  pg.setTracerProvider(p);
  const require = createRequire(import.meta.url);
  for (const def of pg.getModuleDefinitions()) {
    try {
      const exports = require(def.name) as unknown;
      def.patch?.(exports as never, (require(`${def.name}/package.json`) as { version: string }).version);
    } catch {
      // pg-pool/pg absent: nothing to trace there
    }
  }
  provider = p;
  on = true;
}

/** Sends the spans ended so far (tests, shutdown). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

/** Flushes and stops tracing, restoring the no-op API (the process's end, tests). */
export async function stopTracing(): Promise<void> {
  if (!provider) return;
  const p = provider;
  provider = undefined;
  on = false;
  await p.shutdown().catch(() => undefined);
  trace.disable();
  propagation.disable();
  context.disable();
}

/** The W3C trace context of `ctx` as headers (`traceparent`, `tracestate`), for a bus request. */
export function traceHeaders(ctx: Context): Record<string, string> {
  const h: Record<string, string> = {};
  propagation.inject(ctx, h);
  return h;
}

/** The context a request's headers carry (ROOT when none). */
export function contextFromHeaders(headers: Record<string, string | string[] | undefined> | undefined): Context {
  return headers ? propagation.extract(ROOT_CONTEXT, headers) : ROOT_CONTEXT;
}

/** Ends `span` with an error status when `err` is given (its name only: messages may carry personal data). */
export function endSpan(span: Span, err?: unknown): void {
  if (err !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.name ?? 'Error' });
  span.end();
}

export { context, SpanKind, trace };
