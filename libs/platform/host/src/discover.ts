import { REPO_ROOT } from '@intranet/platform-config';
import type { RouteDef } from '@intranet/platform-contracts';
import type { Type } from '@nestjs/common';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The workspace's domains, found by their manifests instead of lists written by hand (DESIGN §3: adding a domain
 * edits no shared file). A contract's package.json names its routes export and the events the browsers see:
 * `"intranet": { "routes": "kbRoutes", "realtime": ["evt.kb.>"] }`; a server's names its Nest module:
 * `"intranet": { "module": "KbModule", "order": 40 }` (order: start-up and migration order, default 100).
 */
interface Manifest {
  name: string;
  intranet: { routes?: string | string[]; realtime?: string[]; realtimeBatch?: RealtimeBatchRules; module?: string; order?: number };
}

/**
 * Relayed subjects whose events a busy gateway may send in batches (issue 19): subject → the data fields (dotted
 * paths) that identify what the event is about. Within one batch window only the newest event per identity is sent
 * (a like count superseded by the next one); an empty list keeps every event. E.g.
 * `"realtimeBatch": { "evt.social.like.changed": ["like_type", "target_id"], "evt.social.post.created": [] }`.
 */
export type RealtimeBatchRules = Record<string, string[]>;

/**
 * A domain's module by name: from the server bundle's table when the process runs the bundle (its entry sets it:
 * tools/server-bundle/build.mjs, ADR 0015), else Node's own import.
 */
const BUNDLED = Symbol.for('intranet.bundledPackages');
function importPackage(name: string): Promise<Record<string, unknown>> {
  const bundled = (globalThis as { [BUNDLED]?: Record<string, () => Promise<Record<string, unknown>>> })[BUNDLED]?.[name];
  return bundled ? bundled() : import(name);
}

/** Manifests of `libs/<x>/<kind>/package.json` that carry an `intranet` field, by `order` then name. */
function manifests(kind: 'contract' | 'server', root: string): Manifest[] {
  const libs = join(root, 'libs');
  return readdirSync(libs, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(libs, d.name, kind, 'package.json'))
    .filter((f) => existsSync(f))
    .map((f) => JSON.parse(readFileSync(f, 'utf8')) as Partial<Manifest>)
    .filter((m): m is Manifest => !!m.name && !!m.intranet)
    .sort((a, b) => (a.intranet.order ?? 100) - (b.intranet.order ?? 100) || a.name.localeCompare(b.name));
}

/** A contract's route entries: `entry` as written, the module to import (`specifier`) and the export's `name`. */
function routeEntries(m: Manifest): { entry: string; specifier: string; name: string }[] {
  return [m.intranet.routes ?? []].flat().map((entry) => {
    const [sub, name] = entry.includes(':') ? entry.split(':') : ['.', entry];
    return { entry, specifier: sub === '.' ? m.name : `${m.name}/${sub.replace(/^\.\//, '')}`, name };
  });
}

/**
 * Every module discovery imports by name — contracts' route entries, servers' Nest modules — for the server bundle,
 * whose generated entry lists them (tools/server-bundle/build.mjs): a bundler cannot follow a name read at run time.
 */
export function discoveredModules(root: string = REPO_ROOT): string[] {
  const contracts = manifests('contract', root).flatMap((m) => routeEntries(m).map((e) => e.specifier));
  const servers = manifests('server', root)
    .filter((m) => m.intranet.module)
    .map((m) => m.name);
  return [...new Set([...contracts, ...servers])];
}

/**
 * Every contract's route tables: `{ contract, name, table }` per entry of its manifest's `routes` (table: route key →
 * route). The key scheme (issue 30 §1) is checked over these by apps/portal/test/route-keys.spec.ts.
 * Errors: a manifest naming an export its package lacks (a typo must not silently drop routes).
 */
export async function discoverRouteTables(root: string = REPO_ROOT): Promise<{ contract: string; name: string; table: Record<string, RouteDef> }[]> {
  const out: { contract: string; name: string; table: Record<string, RouteDef> }[] = [];
  for (const m of manifests('contract', root)) {
    // One route map, or several (a domain keeps routes the shell's first load must not carry in a map of their own).
    // An entry is an export of the package's main module, or `./<subpath>:<export>` for one of its subpath exports.
    for (const { entry, specifier, name } of routeEntries(m)) {
      const mod = (await importPackage(specifier)) as Record<string, Record<string, RouteDef> | undefined>;
      const table = mod[name];
      if (!table) throw new Error(`${m.name} has no export '${entry}' (package.json "intranet".routes)`);
      out.push({ contract: m.name, name, table });
    }
  }
  return out;
}

/**
 * Every route of every contract, the event subjects relayed to the browsers (§4 realtime socket) and which of
 * them may be batched.
 * Errors: a manifest naming an export its package lacks (a typo must not silently drop routes).
 */
export async function discoverRoutes(root: string = REPO_ROOT): Promise<{ routes: RouteDef[]; realtimeSubjects: string[]; realtimeBatch: RealtimeBatchRules }> {
  const routes = (await discoverRouteTables(root)).flatMap((t) => Object.values(t.table));
  const realtimeSubjects: string[] = [];
  const realtimeBatch: RealtimeBatchRules = {};
  for (const m of manifests('contract', root)) {
    realtimeSubjects.push(...(m.intranet.realtime ?? []));
    Object.assign(realtimeBatch, m.intranet.realtimeBatch ?? {});
  }
  return { routes, realtimeSubjects, realtimeBatch };
}

/** The Nest modules of every domain server, in start-up order. Errors: a manifest naming a missing export. */
export async function discoverDomainModules(root: string = REPO_ROOT): Promise<Type[]> {
  const out: Type[] = [];
  for (const m of manifests('server', root)) {
    if (!m.intranet.module) continue;
    const mod = (await importPackage(m.name)) as Record<string, Type | undefined>;
    const cls = mod[m.intranet.module];
    if (!cls) throw new Error(`${m.name} has no export '${m.intranet.module}' (package.json "intranet".module)`);
    out.push(cls);
  }
  return out;
}

/**
 * The names of every domain with a server module (`libs/<name>/server`), in start-up order: each answers the
 * `tenant.<name>.*` subjects of a workspace's whole life (issue 36), so the clients service asks them all.
 */
export function discoverDomainNames(root: string = REPO_ROOT): string[] {
  return manifests('server', root)
    .filter((m) => m.intranet.module)
    .map((m) => m.name.replace(/^@intranet\//, '').replace(/-server$/, ''));
}
