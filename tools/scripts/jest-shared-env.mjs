// Jest test environment of the integration specs (jest.preset.mjs): Jest's Node environment plus one embedded portal
// per worker process that spec files calling `sharedPortal()` (@intranet/portal-testing) share (issue 39). Jest
// evaluates every spec file's modules again in a fresh vm context, so a portal started inside a spec is started,
// and the servers' ~2,600 modules loaded, once per file (~6 s of CPU). This module is loaded by the worker itself
// (Node's module cache keeps it for the worker's next files): the portal it starts lives outside every sandbox, is
// compiled by the project's SWC load hook (tools/swc/register.mjs) and runs at Node's own speed, and a file reaches
// it through `globalThis.__intranetSharedPortal`. Files that start their own portal (`testPortal(...)`) are
// unaffected: they read the servers' module state (metrics, loggers) as their sandbox loaded it. The browser specs
// run in this environment too: each file's portal (`startBrowserPortal`) starts here, in a worker kept from file to
// file, and is closed after the file. A worker ends by process.exit, so its portal is rarely closed: in distributed mode its database is
// named after the worker's pid, and the next shared portal to start drops those whose worker is gone.
import { TestEnvironment } from 'jest-environment-node';

// Jest asks a worker to end (jest-worker's CHILD_MESSAGE_END, 2) once every file has run; the worker then waits for
// its event loop to empty, which a shared portal's connections and timers never let happen, and Jest kills it half a
// second later saying it "failed to exit gracefully". Its results are in by then: it exits at once instead, so the
// run needs no `forceExit` (and prints no "Force exiting Jest").
process.on('message', (m) => {
  if (Array.isArray(m) && m[0] === 2) process.exit(0);
});

/** @type {Map<string, Promise<object>>} the worker's shared portals by their configuration overrides (JSON) */
const shared = new Map();

async function startShared(overrides) {
  await import('../swc/register.mjs');
  const testing = await import('../../libs/portal/testing/src/testing.ts');
  // In distributed mode its database is named after this worker: the next worker to start drops it if it was left.
  const portal = await testing.testPortal(overrides, { owner: process.pid });
  let su;
  const host = { ...portal, superadmin: () => (su ??= portal.login(testing.SUPERADMIN.login, testing.SUPERADMIN.password)) };
  return host;
}

/** `path` (relative to this file) imported in the worker's own realm, compiled by the project's SWC hook. */
async function importHere(path) {
  await import('../swc/register.mjs');
  return import(path);
}

/**
 * Closes the shared portals started in this process. Only a run in band has them in Jest's own process (one file, or
 * `-i`): `jest-shared-teardown.mjs` calls this so that the process ends by itself; a worker exits on Jest's end message.
 */
export async function closeShared() {
  const all = [...shared.values()];
  shared.clear();
  for (const p of all) await (await p.catch(() => null))?.close().catch(() => undefined);
}

export default class SharedPortalEnvironment extends TestEnvironment {
  /** @type {Set<Promise<{ close(): Promise<void> }>>} the file's own portals not closed yet */
  own = new Set();

  async setup() {
    await super.setup();
    // SHARED_PORTAL=off: every file starts its own portal in its sandbox, as before (to compare, or to rule it out).
    if (process.env.SHARED_PORTAL === 'off') return;
    // A browser spec's portal (startBrowserPortal, @intranet/portal-testing/e2e) starts here too: the servers'
    // modules load once per worker at Node's speed instead of once per file in its sandbox; it is closed after the
    // file if the file did not close it.
    this.global.__intranetWebPortal = () => this.track(importHere('../../libs/portal/testing/src/web-portal.ts').then((m) => m.startWebPortal()));
    this.global.__intranetSharedPortal = (overrides = {}) => {
      const key = JSON.stringify(Object.entries(overrides).sort());
      let portal = shared.get(key);
      if (!portal) {
        portal = startShared(overrides);
        portal.catch(() => shared.delete(key));
        shared.set(key, portal);
      }
      return portal;
    };
  }

  /** `started` (a portal with `close()`), closed after the file unless the file closes it. */
  track(started) {
    const tracked = started.then((p) => ({
      ...p,
      close: async () => {
        this.own.delete(tracked);
        await p.close();
      },
    }));
    tracked.catch(() => this.own.delete(tracked));
    this.own.add(tracked);
    return tracked;
  }

  async teardown() {
    for (const p of [...this.own]) await (await p.catch(() => null))?.close().catch(() => undefined);
    await super.teardown();
  }
}
