import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest, shellDevCors, remoteExperiments } from '@intranet/web-build';

/**
 * The analytics remote (Module Federation 2), built into dist/web/analytics and served by the gateway at
 * /remotes/analytics/; the shell discovers it from /remotes.json and its screens from mf-manifest.json.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'analytics',
      exposes: {
        './AnalyticsPage': './src/expose/AnalyticsPage.tsx',
        './MoodMeter': './src/expose/MoodMeter.tsx',
        './ActivityBeacon': './src/expose/ActivityBeacon.tsx',
        './MoodStatsTab': './src/expose/MoodStatsTab.tsx',
      },
      shared: mfShared as never,
      shareStrategy: 'loaded-first',
      experiments: remoteExperiments(),
      dts: false,
      // The root layout's slot `layout` (§2: the mood meter; the session and module-visit reports) and employee
      // administration's "mood statistics" tab (the admin remote's slot `employees:mood`).
      manifest: remoteManifest(
        { analytics: { expose: 'AnalyticsPage', role: 'admin' } },
        { widgets: { layout: ['MoodMeter', 'ActivityBeacon'], 'employees:mood': ['MoodStatsTab'] } },
      ),
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  html: { title: 'Analytics remote (standalone)', mountId: 'root' },
  output: {
    distPath: { root: '../../dist/web/analytics' },
    assetPrefix: '/remotes/analytics/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  server: {
    base: '/remotes/analytics',
    cors: shellDevCors,
    historyApiFallback: { index: '/remotes/analytics/index.html' },
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
});
