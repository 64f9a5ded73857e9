import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest, shellDevCors, remoteExperiments } from '@intranet/web-build';

/**
 * The adaptation remote (Module Federation 2), built into dist/web/adaptation and served by the gateway at
 * /remotes/adaptation/; the shell discovers it from /remotes.json and its screens from mf-manifest.json.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'adaptation',
      exposes: {
        './AdaptationPage': './src/expose/AdaptationPage.tsx',
        './TrackPage': './src/expose/TrackPage.tsx',
        './JourneyPage': './src/expose/JourneyPage.tsx',
      },
      shared: mfShared as never,
      shareStrategy: 'loaded-first',
      experiments: remoteExperiments(),
      dts: false,
      // §2 /adaptation, /adaptation/user/{adapt_id}, /adaptation/{_id} (the shell's path names, so they replace its
      // "coming soon" pages).
      manifest: remoteManifest({
        adaptation: 'AdaptationPage',
        'adaptation/user/:adaptId': 'JourneyPage',
        'adaptation/:id': 'TrackPage',
      }),
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  html: { title: 'Adaptation remote (standalone)', mountId: 'root' },
  output: {
    distPath: { root: '../../dist/web/adaptation' },
    assetPrefix: '/remotes/adaptation/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  server: {
    base: '/remotes/adaptation',
    cors: shellDevCors,
    historyApiFallback: { index: '/remotes/adaptation/index.html' },
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
});
