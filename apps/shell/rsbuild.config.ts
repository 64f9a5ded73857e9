import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, shellExperiments } from '@intranet/web-build';

/**
 * Shell (MF host) build (DESIGN §8). Production output: dist/web/shell, served at `/` by the gateway with SPA
 * fallback. Remotes are not declared here: they are registered at run time (`src/remotes.ts`) from
 * `/remotes/<name>/mf-manifest.json`, so a missing remote never blocks start-up (`shareStrategy: 'loaded-first'`).
 * Dev: `rsbuild dev` on :4200, proxying /api and /socket.io to the portal on :3000 and /remotes/admin to :4201.
 */
const require = createRequire(import.meta.url);
const reactRouterDir = path.dirname(require.resolve('react-router/package.json'));
const reactRouterVersion = (require('react-router/package.json') as { version: string }).version;

const API = process.env.API_URL ?? 'http://127.0.0.1:3000';
const ADMIN_REMOTE = process.env.ADMIN_REMOTE_URL ?? 'http://127.0.0.1:4201';

/** Shared singletons (tools/web/mf-shared.ts); the shell provides react-router through a browser-only facade. */
const shared = {
  ...mfShared,
  'react-router': {
    singleton: true,
    requiredVersion: '^8.0.0',
    import: './src/shared/react-router.ts',
    shareKey: 'react-router',
    version: reactRouterVersion,
  },
};

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      remotes: {},
      shared: shared as never,
      shareStrategy: 'loaded-first',
      experiments: shellExperiments,
      dts: false,
    }),
  ],
  source: {
    entry: { index: './src/index.ts' },
  },
  resolve: {
    alias: { 'react-router-full$': path.join(reactRouterDir, 'dist/production/index.js') },
  },
  splitChunks: {
    cacheGroups: {
      // The notification types' wording (the bell's toast, imported on the first toast): its own chunk, not the
      // contracts chunk of the first load.
      notificationWording: {
        test: /[\\/]libs[\\/]notifications[\\/]contract[\\/]src[\\/]wording\.ts$/,
        name: 'notification-wording',
        chunks: 'async',
        enforce: true,
        priority: 40,
      },
      // The zod-free parts of the contracts the first load imports (error codes, platform-contracts/base, the
      // contracts' route refs, sign-in rules and texts) in one chunk: the shell and its shared singletons (web-api,
      // web-forms, web-session) all import them, and without it each singleton's chunk carried its own copy, fetched
      // again on sign-in (DESIGN §10 first-load budget). The contracts' zod schemas (the password pages') stay out of
      // it: in this chunk they would be fetched with it on every first load.
      contracts: {
        test: /[\\/]libs[\\/](platform[\\/]errors[\\/]|platform[\\/]contracts[\\/]src[\\/]base\.ts$|[\w-]+[\\/]contract[\\/]src[\\/](refs|sign-in|text)\.ts$)/,
        name: 'contracts',
        chunks: 'async',
        enforce: true,
        priority: 30,
      },
    },
  },
  html: {
    title: 'Intranet',
    mountId: 'root',
    meta: { viewport: 'width=device-width, initial-scale=1' },
    // §1: the favicon differs by vendor; env.ts swaps the href once GET /api/env answers (public/favicon*.svg).
    tags: [{ tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg', id: 'favicon' }, head: true }],
  },
  output: {
    distPath: { root: '../../dist/web/shell' },
    assetPrefix: '/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  performance: {
    printFileSize: { compressed: true },
  },
  server: {
    port: 4200,
    historyApiFallback: true,
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/socket.io': { target: API, ws: true, changeOrigin: true },
      '/remotes/admin': { target: ADMIN_REMOTE, changeOrigin: true },
    },
  },
});
