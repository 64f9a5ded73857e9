import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest, shellDevCors, remoteExperiments } from '@intranet/web-build';

/**
 * The chat remote (Module Federation 2), built into dist/web/chat and served by the gateway at
 * /remotes/chat/; the shell discovers it from /remotes.json and its screens from mf-manifest.json.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'chat',
      exposes: {
        './ChatPage': './src/expose/ChatPage.tsx',
        './ChatRoomPage': './src/expose/ChatRoomPage.tsx',
        './UnreadBadge': './src/expose/UnreadBadge.tsx',
      },
      shared: mfShared as never,
      shareStrategy: 'loaded-first',
      experiments: remoteExperiments(),
      dts: false,
      // The unread total beside the menu's chats item (the shell renders the `menu:chats` slot there).
      manifest: remoteManifest({ chat: 'ChatPage', 'chat/:id': 'ChatRoomPage' }, { widgets: { 'menu:chats': ['UnreadBadge'] } }),
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  html: { title: 'Chat remote (standalone)', mountId: 'root' },
  output: {
    distPath: { root: '../../dist/web/chat' },
    assetPrefix: '/remotes/chat/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  server: {
    base: '/remotes/chat',
    cors: shellDevCors,
    historyApiFallback: { index: '/remotes/chat/index.html' },
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
});
