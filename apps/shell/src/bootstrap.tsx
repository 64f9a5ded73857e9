import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '@intranet/web-i18n';
import { App } from './App.tsx';
import { loadEnv } from './env.ts';
import './shell.css';

initI18n();
void loadEnv();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
