import { loadConfig } from '@intranet/platform-config';
import { testDatabase } from '@intranet/platform-testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Portal } from '@intranet/portal-server';
import { SUPERADMIN } from './testing.ts';

/** The built web the browser specs need (tools/scripts/build-web.sh). */
export const WEB_DIR = join(import.meta.dirname, '../../../../dist/web');

/** An embedded portal serving the built web, as the browser specs drive it. */
export interface WebPortal {
  portal: Portal;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The embedded portal of one browser spec file: on a free port of 127.0.0.1, serving `WEB_DIR`, with the superadmin
 * of `SUPERADMIN`, on a copy of the migrated template database (as the integration specs get; the migrations of
 * every domain would cost each file seconds of CPU). The browser specs' environment (tools/scripts/jest-shared-env.mjs)
 * starts it outside the file's sandbox; `close()` stops it and removes its DATA_DIR.
 */
export async function startWebPortal(): Promise<WebPortal> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  const { MIGRATIONS, startPortal } = await import('@intranet/portal-server');
  const db = await testDatabase(MIGRATIONS);
  const portal = await startPortal(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      WEB_DIR,
      SUPERADMIN_EMAIL: SUPERADMIN.login,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      LOG_LEVEL: 'error',
      JWT_SECRET: 'e2e-secret-0123456789abcdef',
    }),
    { db },
  );
  return {
    portal,
    dataDir,
    async close() {
      await portal.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
