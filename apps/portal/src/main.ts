import { loadConfig } from '@intranet/platform-config';
import { onShutdown } from '@intranet/platform-host';
import { startPortal } from '@intranet/portal-server';
import { performance } from 'node:perf_hooks';

// `npm start`: the embedded portal in one process. `--demo` fills workspace "demo" with ~200 employees.
const config = loadConfig();
const portal = await startPortal(config);
// Ready time counts from the process start (performance's time origin), before any demo seeding.
const readyMs = Math.round(performance.now());
if (process.argv.includes('--demo')) {
  const { seedDemo } = await import('@intranet/seed');
  const r = await seedDemo(portal.platform.bus, { workspace: 'demo', count: 200 });
  portal.platform.log.info(
    `demo workspace '${r.workspace}': ${r.employees} employees (${r.imported} new); admin ${r.adminEmail} / ${r.adminPassword}${r.adminCreated ? '' : ' (existing admin, password reset)'}`,
  );
}
const rssMb = Math.round(process.memoryUsage.rss() / 2 ** 20);
portal.platform.log.info(`portal ready at ${portal.url} (data in ${config.DATA_DIR}); ready in ${readyMs} ms, RSS ${rssMb} MB`);
onShutdown(() => portal.close());
