import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest, shellDevCors, remoteExperiments } from '@intranet/web-build';

/**
 * Admin remote (Module Federation 2): exposes the employee administration, company structure and vacations
 * (libs/people/web) and client
 * management (libs/clients/web) pages. Production output: dist/web/admin, served by the gateway at
 * /remotes/admin/ (publicPath). The shell loads `/remotes/admin/mf-manifest.json` at run time.
 * Dev: `rsbuild dev` on :4201 under /remotes/admin/ (the shell's dev server proxies that path here).
 */
const API = process.env.API_URL ?? 'http://127.0.0.1:3000';

const shared = mfShared;

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'admin',
      exposes: {
        './EmployeesPage': './src/expose/EmployeesPage.tsx',
        './ClientsPage': './src/expose/ClientsPage.tsx',
        './AdminPanelPage': './src/expose/AdminPanelPage.tsx',
        './AppSettingsPage': './src/expose/AppSettingsPage.tsx',
        './StructurePage': './src/expose/StructurePage.tsx',
        './VacationsPage': './src/expose/VacationsPage.tsx',
      },
      shared: shared as never,
      shareStrategy: 'loaded-first',
      experiments: remoteExperiments(),
      dts: false,
      // The screens this remote serves, read by the shell from mf-manifest.json (metaData.routes).
      manifest: remoteManifest({
        'employees/*': { expose: 'EmployeesPage', role: 'admin' },
        clients: { expose: 'ClientsPage', role: 'superadmin' },
        admin: { expose: 'AdminPanelPage', role: 'admin' },
        app: { expose: 'AppSettingsPage', role: 'superadmin' },
        // §2 people pages for every employee with the right (the shell's menu and feature guard check it).
        structure_new: 'StructurePage',
        vacations: 'VacationsPage',
      }),
    }),
  ],
  source: {
    entry: { index: './src/index.ts' },
  },
  html: {
    title: 'Admin remote (standalone)',
    mountId: 'root',
  },
  output: {
    distPath: { root: '../../dist/web/admin' },
    assetPrefix: '/remotes/admin/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  performance: {
    printFileSize: { compressed: true },
  },
  server: {
    port: 4201,
    base: '/remotes/admin',
    cors: shellDevCors,
    historyApiFallback: { index: '/remotes/admin/index.html' },
    proxy: {
      '/api': { target: API, changeOrigin: true },
    },
  },
});
