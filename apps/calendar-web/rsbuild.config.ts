import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest, shellDevCors, remoteExperiments } from '@intranet/web-build';

/**
 * The calendar remote (Module Federation 2), built into dist/web/calendar and served by the gateway at
 * /remotes/calendar/; the shell discovers it from /remotes.json and its screens from mf-manifest.json.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'calendar',
      exposes: {
        './CalendarPage': './src/expose/CalendarPage.tsx',
        './EventsWidget': './src/expose/EventsWidget.tsx',
        './FeedMenu': './src/expose/FeedMenu.tsx',
      },
      shared: mfShared as never,
      shareStrategy: 'loaded-first',
      experiments: remoteExperiments(),
      dts: false,
      // §2 company feed widget "events" in the wall's side column; the .ics link in the shell's user menu.
      manifest: remoteManifest({ calendar: 'CalendarPage' }, { widgets: { wall: ['EventsWidget'], userMenu: ['FeedMenu'] } }),
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  html: { title: 'Calendar remote (standalone)', mountId: 'root' },
  output: {
    distPath: { root: '../../dist/web/calendar' },
    assetPrefix: '/remotes/calendar/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  server: {
    base: '/remotes/calendar',
    cors: shellDevCors,
    historyApiFallback: { index: '/remotes/calendar/index.html' },
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
});
