import { allRoutes, createGateway, realtimeSubjects } from '@intranet/gateway-server';
import { openBus } from '@intranet/platform-bus';
import { requireConfig } from '@intranet/platform-config';
import { createLogger, main, onShutdown } from '@intranet/platform-host';
import { openStorage } from '@intranet/platform-storage';
import { Logger } from '@nestjs/common';

// Distributed mode: the HTTP edge alone, talking to the domain services over NATS (DESIGN §1).
await main('gateway', async (config) => {
  requireConfig(config, ['NATS_URL', 'JWT_SECRET'], 'gateway');
  const log = createLogger(config.LOG_LEVEL, 'gateway');
  if (config.LOG_LEVEL !== 'debug') Logger.overrideLogger(['error']);
  const bus = openBus({ natsUrl: config.NATS_URL, prefix: config.BUS_PREFIX });
  await bus.start();
  const app = await createGateway({
    bus,
    routes: allRoutes,
    realtimeSubjects,
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
  });
  await app.listen(config.PORT, config.HOST);
  log.info(`gateway listening on http://${config.HOST}:${config.PORT}`);
  onShutdown(async () => {
    await app.close();
    await bus.close();
  });
});
