import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest } from '@intranet/web-build';

/**
 * The analytics remote (Module Federation 2), built into dist/web/analytics and served by the gateway at
 * /remotes/analytics/; the shell discovers it from /remotes.json and its screens from mf-manifest.json.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'analytics',
      exposes: { './AnalyticsPage': './src/expose/AnalyticsPage.tsx' },
      shared: mfShared as never,
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: remoteManifest({ analytics: 'AnalyticsPage' }),
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
    historyApiFallback: { index: '/remotes/analytics/index.html' },
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
});
