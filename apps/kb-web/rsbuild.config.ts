import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest, shellDevCors, remoteExperiments } from '@intranet/web-build';

/**
 * Knowledge base remote (Module Federation 2): exposes the knowledge base and vacancies pages (libs/kb/web).
 * Production output: dist/web/kb, served by the gateway at
 * /remotes/kb/ (publicPath). The shell loads `/remotes/kb/mf-manifest.json` at run time.
 * Dev: `rsbuild dev` on :4203 under /remotes/kb/ (the shell's dev server proxies that path here).
 */
const API = process.env.API_URL ?? 'http://127.0.0.1:3000';

const shared = mfShared;

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'kb',
      exposes: {
        './ArticlesPage': './src/expose/ArticlesPage.tsx',
        './ArticlePage': './src/expose/ArticlePage.tsx',
        './VacanciesPage': './src/expose/VacanciesPage.tsx',
        './VacancyPage': './src/expose/VacancyPage.tsx',
        './AiSettingsTab': './src/expose/AiSettingsTab.tsx',
      },
      shared: shared as never,
      shareStrategy: 'loaded-first',
      experiments: remoteExperiments(),
      dts: false,
      // The screens this remote serves, read by the shell from mf-manifest.json (metaData.routes).
      // The employee administration's AI settings tab (issue 37): a widget slot the people remote's page renders.
      manifest: remoteManifest(
        {
          articles: 'ArticlesPage',
          'articles/:parent': 'ArticlesPage',
          'article/:id': 'ArticlePage',
          vacancies: 'VacanciesPage',
          'vacancy/:id': 'VacancyPage',
        },
        { widgets: { 'employees:ai': ['AiSettingsTab'] } },
      ),
    }),
  ],
  source: {
    entry: { index: './src/index.ts' },
  },
  html: {
    title: 'Knowledge base remote (standalone)',
    mountId: 'root',
  },
  output: {
    distPath: { root: '../../dist/web/kb' },
    assetPrefix: '/remotes/kb/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  performance: {
    printFileSize: { compressed: true },
  },
  server: {
    port: 4203,
    base: '/remotes/kb',
    cors: shellDevCors,
    historyApiFallback: { index: '/remotes/kb/index.html' },
    proxy: {
      '/api': { target: API, changeOrigin: true },
    },
  },
});
