import './zod-config.ts'; // first: before any module that could parse with zod
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady, initI18n } from '@intranet/web-i18n';
import { App } from './App.tsx';
import { loadEnv } from './env.ts';
import './shell.css';

initI18n();
void loadEnv();

const root = document.getElementById('root');
// The first render waits for the chosen language's catalogues (fetched unless en), so no English text flashes.
if (root) {
  void i18nReady().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
