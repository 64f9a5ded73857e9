/**
 * The Module Federation shared singletons of DESIGN §8, one list for the shell and every remote:
 * react, react-dom, the router, the query cache, i18n, the design system and the form layer (`@intranet/web-*`,
 * with react-hook-form inside; the Radix UI primitives come inside `@intranet/web-ui` and `@intranet/web-ui/widgets`).
 * The shell overrides `react-router` with its browser-only facade.
 */
export const mfShared = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router': { singleton: true, requiredVersion: '^8.0.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
  i18next: { singleton: true, requiredVersion: false },
  'react-i18next': { singleton: true, requiredVersion: false },
  '@intranet/web-api': { singleton: true, requiredVersion: false },
  '@intranet/web-ui': { singleton: true, requiredVersion: false },
  '@intranet/web-ui/widgets': { singleton: true, requiredVersion: false },
  '@intranet/web-i18n': { singleton: true, requiredVersion: false },
  '@intranet/web-session': { singleton: true, requiredVersion: false },
  // react-hook-form lives inside this one singleton (remotes import it only through @intranet/web-forms), so the
  // shell's bundle keeps just the parts the form layer uses instead of the whole shared library.
  '@intranet/web-forms': { singleton: true, requiredVersion: false },
} as const;

/**
 * The `experiments` of a remote's federation plugin: a production build leaves the federation runtime
 * (`@module-federation/runtime-core`) out of its entry and takes the one the shell provides
 * (`shellExperiments`). Each remote entry carried its own copy, ~66 KB of the ~130 KB entry: a wall page with
 * seven remotes parsed it seven times (tools/bench/README.md, "the federation runtime once"). The dev server keeps it
 * in: a remote's standalone dev page (`rsbuild dev` in apps/<name>-web) has no shell to provide it.
 */
export function remoteExperiments(): { externalRuntime?: boolean } {
  return process.env.NODE_ENV === 'production' ? { externalRuntime: true } : {};
}

/** The shell's `experiments`: it provides the federation runtime that production remotes leave out (`remoteExperiments`). */
export const shellExperiments = { provideExternalRuntime: true } as const;

/** A screen a remote serves (§2 route, without the leading slash) and the module it exposes for it. */
export interface RemoteRoute {
  /** Name of the exposed module (`./<expose>` in `exposes`). */
  expose: string;
  /** Only for client administrators (and the superadmin), or only for the superadmin (§2 navigation rules). */
  role?: 'admin' | 'superadmin';
}

/**
 * The `manifest` option of a remote's federation plugin: writes the remote's routes into its mf-manifest.json
 * (`metaData.routes`), where the shell discovers them at start (DESIGN §3: the shell discovers remotes by their
 * mf-manifest; adding a remote edits no shell file). Input: `{ 'articles/:parent': 'ArticlesPage', ... }`.
 */
export function remoteManifest(routes: Record<string, string | RemoteRoute>, opts: { widgets?: Record<string, string[]> } = {}) {
  const table = Object.fromEntries(Object.entries(routes).map(([path, r]) => [path, typeof r === 'string' ? { expose: r } : r]));
  return {
    // Mutates the stats in place: returning nothing keeps them as the manifest's source.
    additionalData: ({ stats }: { stats: { metaData: object } }): void => {
      // widgets: slot name (e.g. 'wall', the company feed's side column, §2 "Company feed widgets") → exposes shown there.
      Object.assign(stats.metaData, { routes: table }, opts.widgets ? { widgets: opts.widgets } : {});
    },
  };
}

/**
 * A remote's dev-server CORS (`server.cors` of its rsbuild.config.ts): only the shell's dev server (:4200) loads its
 * files. Without a setting the Module Federation plugin allows every origin and says so at every build.
 */
export const shellDevCors = { origin: ['http://localhost:4200', 'http://127.0.0.1:4200'] };
