import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest, shellDevCors, remoteExperiments } from '@intranet/web-build';

/**
 * The tasks remote (Module Federation 2), built into dist/web/tasks and served by the gateway at
 * /remotes/tasks/; the shell discovers it from /remotes.json and its screens from mf-manifest.json.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'tasks',
      exposes: { './TrackerPage': './src/expose/TrackerPage.tsx', './DeskPage': './src/expose/DeskPage.tsx' },
      shared: mfShared as never,
      shareStrategy: 'loaded-first',
      experiments: remoteExperiments(),
      dts: false,
      // The §2 screens this remote serves (read by the shell from mf-manifest.json).
      manifest: remoteManifest({ 'task-tracker': 'TrackerPage', 'desk/:id': 'DeskPage' }),
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  html: { title: 'Tasks remote (standalone)', mountId: 'root' },
  output: {
    distPath: { root: '../../dist/web/tasks' },
    assetPrefix: '/remotes/tasks/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  server: {
    base: '/remotes/tasks',
    cors: shellDevCors,
    historyApiFallback: { index: '/remotes/tasks/index.html' },
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
});
