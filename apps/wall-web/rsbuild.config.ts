import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest, shellDevCors, remoteExperiments } from '@intranet/web-build';

/**
 * Wall remote (Module Federation 2): exposes the company wall, post, profile, address book, birthdays, groups, idea
 * and violation report pages (libs/social/web, the social domain's screens). Production output: dist/web/wall, served by the gateway at /remotes/wall/. The shell loads
 * `/remotes/wall/mf-manifest.json` at run time. Dev: `rsbuild dev` on :4202 under /remotes/wall/.
 */
const API = process.env.API_URL ?? 'http://127.0.0.1:3000';

const shared = mfShared;

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'wall',
      exposes: {
        './WallPage': './src/expose/WallPage.tsx',
        './PostPage': './src/expose/PostPage.tsx',
        './ProfilePage': './src/expose/ProfilePage.tsx',
        './AddressBookPage': './src/expose/AddressBookPage.tsx',
        './BirthdaysPage': './src/expose/BirthdaysPage.tsx',
        './GroupsPage': './src/expose/GroupsPage.tsx',
        './GroupPage': './src/expose/GroupPage.tsx',
        './IdeaPage': './src/expose/IdeaPage.tsx',
        './ReportViolationPage': './src/expose/ReportViolationPage.tsx',
      },
      shared: shared as never,
      shareStrategy: 'loaded-first',
      experiments: remoteExperiments(),
      dts: false,
      // The screens this remote serves, read by the shell from mf-manifest.json (metaData.routes).
      manifest: remoteManifest({
        company: 'WallPage',
        'post/:id': 'PostPage',
        'profile/:id': 'ProfilePage',
        addressBook: 'AddressBookPage',
        birthdays: 'BirthdaysPage',
        groups: 'GroupsPage',
        'groups/:id': 'GroupPage',
        'group/:id': 'GroupPage',
        idea: 'IdeaPage',
        report_violation: 'ReportViolationPage',
      }),
    }),
  ],
  source: {
    entry: { index: './src/index.ts' },
  },
  html: {
    title: 'Wall remote (standalone)',
    mountId: 'root',
  },
  output: {
    distPath: { root: '../../dist/web/wall' },
    assetPrefix: '/remotes/wall/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  performance: {
    printFileSize: { compressed: true },
  },
  server: {
    port: 4202,
    base: '/remotes/wall',
    cors: shellDevCors,
    historyApiFallback: { index: '/remotes/wall/index.html' },
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/socket.io': { target: API, ws: true, changeOrigin: true },
    },
  },
});
