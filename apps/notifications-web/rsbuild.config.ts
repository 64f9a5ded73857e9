import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest, shellDevCors, remoteExperiments } from '@intranet/web-build';

/**
 * The notifications remote (Module Federation 2), built into dist/web/notifications and served by the gateway at
 * /remotes/notifications/; the shell discovers it from /remotes.json and its screens from mf-manifest.json.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'notifications',
      exposes: {
        './NotificationsPage': './src/expose/NotificationsPage.tsx',
        './MailCheckTab': './src/expose/MailCheckTab.tsx',
        './NotifSettingsTab': './src/expose/NotifSettingsTab.tsx',
        './EmployeeNotificationsTab': './src/expose/EmployeeNotificationsTab.tsx',
        './BellMenu': './src/expose/BellMenu.tsx',
      },
      shared: mfShared as never,
      shareStrategy: 'loaded-first',
      experiments: remoteExperiments(),
      dts: false,
      // §2 admin panel tabs (mail check, notification settings) and the employee administration's notifications
      // tab: widget slots the admin remote's pages render; the header bell's dropdown: the shell's slot `bell`.
      manifest: remoteManifest(
        { notifications: 'NotificationsPage' },
        {
          widgets: {
            'admin:mail': ['MailCheckTab'],
            'admin:notifSettings': ['NotifSettingsTab'],
            'employees:notifications': ['EmployeeNotificationsTab'],
            bell: ['BellMenu'],
          },
        },
      ),
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  html: { title: 'Notifications remote (standalone)', mountId: 'root' },
  output: {
    distPath: { root: '../../dist/web/notifications' },
    assetPrefix: '/remotes/notifications/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  server: {
    base: '/remotes/notifications',
    cors: shellDevCors,
    historyApiFallback: { index: '/remotes/notifications/index.html' },
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
});
