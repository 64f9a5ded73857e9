import { allRoutes, createGateway, realtimeBatch, realtimeSubjects } from '@intranet/gateway-server';
import { openBus } from '@intranet/platform-bus';
import { requireConfig } from '@intranet/platform-config';
import {
  addReadinessCheck,
  createLogger,
  instrumentBus,
  loadOpsConfig,
  nestLogger,
  main,
  onShutdown,
  startOpsServer,
  startTracing,
  stopTracing,
} from '@intranet/platform-host';
import { openStorage } from '@intranet/platform-storage';
import { Logger } from '@nestjs/common';

// Distributed mode: the HTTP edge alone, talking to the domain services over NATS (DESIGN §1).
await main('gateway', async (config) => {
  requireConfig(config, ['NATS_URL', 'JWT_SECRET'], 'gateway');
  const ops = loadOpsConfig();
  const log = createLogger(config.LOG_LEVEL, 'gateway');
  // Nest's own messages as JSON lines (its start-up chatter at debug level).
  Logger.overrideLogger(nestLogger(log));
  // Traces when OTEL_EXPORTER_OTLP_ENDPOINT is set; bus latency metrics and trace context on every request.
  await startTracing('gateway');
  const bus = instrumentBus(openBus({ natsUrl: config.NATS_URL, prefix: config.BUS_PREFIX }));
  await bus.start();
  // /readyz: the gateway has no database of its own; it is ready when NATS answers.
  addReadinessCheck('bus', () => bus.ping());
  const app = await createGateway({
    bus,
    routes: allRoutes,
    realtimeSubjects,
    realtimeBatch,
    realtimeBatchMs: config.REALTIME_BATCH_MS,
    jwtSecret: config.JWT_SECRET!,
    vendor: config.VENDOR,
    log,
    webDir: config.WEB_DIR,
    rateLimitScale: config.RATE_LIMIT_SCALE,
    trustProxy: config.TRUST_PROXY,
    storage: await openStorage({
      dataDir: config.DATA_DIR,
      s3: config.S3_ENDPOINT
        ? { endpoint: config.S3_ENDPOINT, accessKey: config.S3_ACCESS_KEY, secretKey: config.S3_SECRET_KEY, bucket: config.S3_BUCKET }
        : undefined,
    }),
    bucket: config.S3_BUCKET,
    metricsToken: ops.METRICS_TOKEN,
  });
  await app.listen(config.PORT, config.HOST);
  // /metrics, /livez and /readyz without a token on METRICS_PORT (off unless set; the Kubernetes manifests set it).
  const opsServer = ops.METRICS_PORT ? await startOpsServer(ops.METRICS_PORT, ops.METRICS_HOST, log) : undefined;
  log.info(`gateway listening on http://${config.HOST}:${config.PORT}${opsServer ? `; metrics and probes on :${ops.METRICS_PORT}` : ''}`);
  onShutdown(async () => {
    await app.close();
    opsServer?.close();
    await bus.close();
    await stopTracing();
  });
});
