import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loader } from '@intranet/web-ui';
import { registerWidgets, type SlotWidget } from '@intranet/web-session';
import { i18n, loadLanguage } from '@intranet/web-i18n';

/** A screen served by a remote, as its mf-manifest declares it (`metaData.routes`, see tools/web remoteManifest). */
export interface RemoteScreen {
  /** §2 path without the leading slash, React Router syntax (`articles/:parent`). */
  path: string;
  /** `remote/Expose` for loadRemote. */
  id: string;
  role?: 'admin' | 'superadmin';
}

/** localStorage key prefix of each remote's last known screens. */
const CACHE_PREFIX = 'remoteScreens:';

/** Remote name → manifest URL (same origin; the gateway serves dist/web/<name> at /remotes/<name>/). */
export const REMOTES: Record<string, string> = {};

/**
 * Discovers the remotes and their screens (DESIGN §3): the build writes the names of the built remotes into
 * /remotes.json; each remote's mf-manifest.json lists its routes. Registers them with the MF runtime. A remote whose
 * manifest cannot be read is left out (its screens show the not-found page) rather than blanking the shell.
 * Errors: rejects only when /remotes.json itself cannot be read.
 */
export async function discoverRemotes(): Promise<RemoteScreen[]> {
  const res = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!res.ok) throw new Error(`remotes.json: HTTP ${res.status}`);
  const names = (await res.json()) as string[];
  const widgets: Record<string, SlotWidget[]> = {};
  const tables = await Promise.all(
    names.map(async (name) => {
      const url = `/remotes/${name}/mf-manifest.json`;
      REMOTES[name] = url;
      try {
        const m = (await (await fetch(url)).json()) as {
          metaData?: { routes?: Record<string, { expose: string; role?: 'admin' | 'superadmin' }>; widgets?: Record<string, string[]> };
        };
        for (const [slot, exposes] of Object.entries(m.metaData?.widgets ?? {})) {
          (widgets[slot] ??= []).push(...exposes.map((e) => ({ id: `${name}/${e}` })));
        }
        const screens = Object.entries(m.metaData?.routes ?? {}).map(([path, r]) => ({ path, id: `${name}/${r.expose}`, role: r.role }));
        localStorage.setItem(CACHE_PREFIX + name, JSON.stringify(screens));
        return screens;
      } catch (e) {
        // A remote that is down keeps the screens it had last time: they show the remote error with Retry.
        console.error(`Remote ${name} has no readable manifest`, e);
        return JSON.parse(localStorage.getItem(CACHE_PREFIX + name) ?? '[]') as RemoteScreen[];
      }
    }),
  );
  // Widget slots (§2 company feed widgets) for pages of other remotes: `<WidgetSlot name="wall" />`.
  SLOTS = widgets;
  registerWidgets(widgets, (id, props) => <RemoteWidget id={id} props={props} />);
  return tables.flat();
}

let SLOTS: Record<string, SlotWidget[]> = {};

/** The widgets the remotes declared for slot `name` (empty before discovery or when none does). */
export const slotWidgets = (name: string): readonly SlotWidget[] => SLOTS[name] ?? [];

/** §9: lazy load time-out 120 seconds (the remote's manifest and entry here; its chunks by rspack's chunkLoadTimeout). */
const LOAD_TIMEOUT_MS = 120_000;

type Exposed = { default: ComponentType<Record<string, unknown>> };

/** What a place shows for a remote module that could not load: a screen its error block with Retry, a widget its fallback. */
export const RemoteFallback = createContext<(error: Error) => ReactNode>(() => null);

/** The module handed back for one that could not load: a component rendering its place's fallback for `error`. */
function failedModule(error: unknown): Exposed {
  const err = error instanceof Error ? error : new Error(String(error));
  console.error('Remote module failed', err);
  return {
    default: function RemoteFailed() {
      return useContext(RemoteFallback)(err);
    },
  };
}

/**
 * Module Federation runtime plugin (DESIGN §8): a remote that is down, answers with an error or exceeds §9's time-out
 * makes `loadRemote` resolve to `failedModule` (errorLoadRemote) instead of rejecting, so the place shows its fallback
 * and the rest of the shell keeps working. Manifest fetches and entry scripts get the 120 s time-out (MF's own
 * default for scripts is 20 s).
 */
export function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'intranet-remote-fallback',
    // Only the final stage: earlier ones ('afterResolve' etc.) would take the answer as a manifest; their error
    // reaches 'onLoad' anyway.
    errorLoadRemote: ({ error, lifecycle }) => (lifecycle === 'onLoad' ? failedModule(error) : undefined),
    fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(LOAD_TIMEOUT_MS) }),
    // Entry scripts carry no attributes; anything else keeps MF's own script.
    createScript: ({ attrs }) => (attrs && Object.keys(attrs).length ? undefined : { timeout: LOAD_TIMEOUT_MS }),
  };
}

let registered = false;

/** Registers the remotes with the MF runtime; `force` drops a cached (failed) remote entry so it is fetched again. */
export function registerAppRemotes(force = false): void {
  if (registered && !force) return;
  if (!registered) registerPlugins([remoteFallbackPlugin()]);
  registerRemotes(
    Object.entries(REMOTES).map(([name, path]) => ({ name, entry: new URL(path, window.location.origin).href })),
    { force },
  );
  registered = true;
}

/** Builds a NEW lazy component for `id` ("remote/Expose"); React.lazy keeps its result, so each retry calls this again. */
function remoteLazy(id: string, force: boolean): ComponentType<Record<string, unknown>> {
  return lazy(async (): Promise<Exposed> => {
    registerAppRemotes(force);
    const mod = await loadRemote<Exposed>(id);
    if (!mod || typeof mod.default !== 'function') return failedModule(new Error(`Remote module ${id} has no default export`));
    // The remote defined its catalogue namespaces as it loaded: fetch the current language's files before it renders
    // (after a failed fetch the page's `useT` suspends and fetches again).
    await loadLanguage(i18n.language).catch(() => undefined);
    return mod;
  });
}

/**
 * Renders a module exposed by a remote (Module Federation `loadRemote`): while loading a spinner, when it cannot load
 * (remoteFallbackPlugin) an error block with Retry (data-testid "remote-error" / "remote-error-retry"); the rest of
 * the shell keeps working (DESIGN §8).
 */
export function RemotePage({ id }: { id: string }) {
  const { t } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo(() => remoteLazy(id, attempt > 0), [id, attempt]);
  const fallback = useCallback(
    (error: Error) => <ErrorState title={t('remote.failed')} message={error.message} onRetry={() => setAttempt((a) => a + 1)} testId="remote-error" />,
    [t],
  );
  return (
    <RemoteFallback.Provider value={fallback}>
      <Suspense key={attempt} fallback={<Loader testId="remote-loading" />}>
        <Page />
      </Suspense>
    </RemoteFallback.Provider>
  );
}

/**
 * A widget a remote shows in another page's slot (registerWidgets): loaded like a screen, but a widget that cannot
 * load (its remote down, its feature off) leaves its place empty instead of showing an error block in someone
 * else's page (or `fallback`, shown too while it loads). `props`: what the page gave its slot (`<WidgetSlot name props />`).
 */
export function RemoteWidget({ id, props, fallback = null }: { id: string; props?: Record<string, unknown>; fallback?: ReactNode }) {
  const Widget = useMemo(() => remoteLazy(id, false), [id]);
  const onError = useCallback(() => fallback, [fallback]);
  return (
    <RemoteFallback.Provider value={onError}>
      <Suspense fallback={fallback}>
        <Widget {...props} />
      </Suspense>
    </RemoteFallback.Provider>
  );
}
