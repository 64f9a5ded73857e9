import { loadConfig } from '@intranet/platform-config';
import { ensureMigratedTemplate, openDatabase, platformDatabaseOptions } from '@intranet/platform-db';
import { performance } from 'node:perf_hooks';

// `--data-template` (run by tools/server-bundle/build.mjs after a build): makes the migrated PGlite data template a
// first start copies instead of running every migration (issue 39 §2), unless this checkout's migrations have one.
if (process.argv.includes('--data-template')) {
  const t0 = performance.now();
  const { dir, made } = await ensureMigratedTemplate(async () => (await import('@intranet/portal-server')).MIGRATIONS);
  console.log(`[data-template] ${made ? `made in ${Math.round(performance.now() - t0)} ms` : 'up to date'}: ${dir}`);
  process.exit(0);
}

// `npm start`: the embedded portal in one process. `--demo` fills workspace "demo" with ~200 employees.
const config = loadConfig();
// The database opens first: PGlite compiles its wasm on a background thread and boots while this thread loads the
// gateway's and the domains' modules (dynamic imports below), which cuts the ready time (tools/bench/README.md).
let audit: (reason: string) => void = () => undefined;
const database = openDatabase(platformDatabaseOptions(config, (reason) => audit(reason)));
database.catch(() => undefined); // awaited below; an early failure must not surface as an unhandled rejection first
const { onShutdown } = await import('@intranet/platform-host');
const { startPortal } = await import('@intranet/portal-server');
// The database is passed while it boots: the gateway is built meanwhile (startPortal).
const portal = await startPortal(config, { db: database });
audit = (reason) => portal.platform.log.debug(`rls bypass: ${reason}`);
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
// Start-up's garbage (module loading, migrations, the demo seeding) is collected once the portal is idle, so the
// heap pages it filled go back to the system (with apps/portal/node-options' --expose-gc; issue 39 §2: 15–35 MB).
// A synchronous full collection (tens of ms, once): V8's asynchronous one left ≈ 20 MB more resident.
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) setTimeout(gc, 3000).unref();
