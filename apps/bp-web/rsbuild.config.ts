import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest, shellDevCors, remoteExperiments } from '@intranet/web-build';

/**
 * The services (bp) remote (Module Federation 2), built into dist/web/bp and served by the gateway at
 * /remotes/bp/; the shell discovers it from /remotes.json and its screens from mf-manifest.json.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'bp',
      exposes: {
        './ServicesPage': './src/expose/ServicesPage.tsx',
        './ServicePage': './src/expose/ServicePage.tsx',
        './RequestPage': './src/expose/RequestPage.tsx',
        './ArticleServices': './src/expose/ArticleServices.tsx',
      },
      shared: mfShared as never,
      shareStrategy: 'loaded-first',
      experiments: remoteExperiments(),
      dts: false,
      // The §2 screens this remote serves (the shell reads them from mf-manifest.json): /services/, /service/{_id}
      // (also /service/new for administrators) and the request page; the widget listing an article's services in the
      // knowledge base's article slot.
      manifest: remoteManifest(
        { services: 'ServicesPage', 'service/new': 'ServicePage', 'service/:id': 'ServicePage', 'service/request/:id': 'RequestPage' },
        { widgets: { 'kb:article': ['ArticleServices'] } },
      ),
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  html: { title: 'Services remote (standalone)', mountId: 'root' },
  output: {
    distPath: { root: '../../dist/web/bp' },
    assetPrefix: '/remotes/bp/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  server: {
    base: '/remotes/bp',
    cors: shellDevCors,
    historyApiFallback: { index: '/remotes/bp/index.html' },
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
});
