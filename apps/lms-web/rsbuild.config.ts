import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { mfShared, remoteManifest, shellDevCors, remoteExperiments } from '@intranet/web-build';

/**
 * The lms remote (Module Federation 2), built into dist/web/lms and served by the gateway at
 * /remotes/lms/; the shell discovers it from /remotes.json and its screens from mf-manifest.json.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'lms',
      exposes: {
        './CoursesPage': './src/expose/CoursesPage.tsx',
        './CoursePage': './src/expose/CoursePage.tsx',
        './IdpPage': './src/expose/IdpPage.tsx',
        './NewCoursePage': './src/expose/NewCoursePage.tsx',
        './SettingsPage': './src/expose/SettingsPage.tsx',
        './AnalyticsPage': './src/expose/AnalyticsPage.tsx',
        './StudentAnalyticsPage': './src/expose/StudentAnalyticsPage.tsx',
        './LessonEditor': './src/expose/LessonEditor.tsx',
        './TestEditor': './src/expose/TestEditor.tsx',
        './IdpNewPage': './src/expose/IdpNewPage.tsx',
        './IdpPlanPage': './src/expose/IdpPlanPage.tsx',
      },
      shared: mfShared as never,
      shareStrategy: 'loaded-first',
      experiments: remoteExperiments(),
      dts: false,
      manifest: remoteManifest({
        courses: 'CoursesPage',
        'courses/new': 'NewCoursePage',
        'courses/settings': 'SettingsPage',
        'courses/analytics': 'AnalyticsPage',
        'courses/analytics/:user_id': 'StudentAnalyticsPage',
        'courses/:id': 'CoursePage',
        'courses/:id/lessons/new': 'LessonEditor',
        'courses/:id/lessons/:lessonId': 'LessonEditor',
        'courses/:id/tests/new': 'TestEditor',
        'courses/:id/tests/:testId': 'TestEditor',
        idp: 'IdpPage',
        'idp/new': 'IdpNewPage',
        'idp/:id': 'IdpPlanPage',
      }),
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  html: { title: 'Lms remote (standalone)', mountId: 'root' },
  output: {
    distPath: { root: '../../dist/web/lms' },
    assetPrefix: '/remotes/lms/',
    cleanDistPath: true,
    sourceMap: false,
    legalComments: 'none',
  },
  server: {
    base: '/remotes/lms',
    cors: shellDevCors,
    historyApiFallback: { index: '/remotes/lms/index.html' },
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
});
