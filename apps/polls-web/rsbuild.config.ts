import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest, shellDevCors, remoteExperiments } from '@intranet/web-build';

/**
 * The polls remote (Module Federation 2), built into dist/web/polls and served by the gateway at
 * /remotes/polls/; the shell discovers it from /remotes.json and its screens from mf-manifest.json.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'polls',
      exposes: {
        './PollsPage': './src/expose/PollsPage.tsx',
        './PollEditPage': './src/expose/PollEditPage.tsx',
        './PollPage': './src/expose/PollPage.tsx',
        './PollResultsPage': './src/expose/PollResultsPage.tsx',
        './PollsWidget': './src/expose/PollsWidget.tsx',
      },
      shared: mfShared as never,
      shareStrategy: 'loaded-first',
      experiments: remoteExperiments(),
      dts: false,
      // The §2 screens this remote serves (the shell reads them from mf-manifest.json).
      manifest: remoteManifest(
        {
          polls: 'PollsPage',
          'poll/new': 'PollEditPage',
          'poll/:id': 'PollPage',
          'poll/:id/results': 'PollResultsPage',
        },
        // §2 company feed widget "polls", shown in the wall's side column.
        { widgets: { wall: ['PollsWidget'] } },
      ),
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  html: { title: 'Polls remote (standalone)', mountId: 'root' },
  output: {
    distPath: { root: '../../dist/web/polls' },
    assetPrefix: '/remotes/polls/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  server: {
    base: '/remotes/polls',
    cors: shellDevCors,
    historyApiFallback: { index: '/remotes/polls/index.html' },
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
});
