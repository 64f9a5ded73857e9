import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest, shellDevCors, remoteExperiments } from '@intranet/web-build';

/**
 * The shop remote (Module Federation 2), built into dist/web/shop and served by the gateway at
 * /remotes/shop/; the shell discovers it from /remotes.json and its screens from mf-manifest.json.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shop',
      exposes: { './ShopPage': './src/expose/ShopPage.tsx', './BalanceMenu': './src/expose/BalanceMenu.tsx' },
      shared: mfShared as never,
      shareStrategy: 'loaded-first',
      experiments: remoteExperiments(),
      dts: false,
      // The coin balance in the shell's user menu (issue 32).
      manifest: remoteManifest({ shop: 'ShopPage' }, { widgets: { userMenu: ['BalanceMenu'] } }),
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  html: { title: 'Shop remote (standalone)', mountId: 'root' },
  output: {
    distPath: { root: '../../dist/web/shop' },
    assetPrefix: '/remotes/shop/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  server: {
    base: '/remotes/shop',
    cors: shellDevCors,
    historyApiFallback: { index: '/remotes/shop/index.html' },
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
});
