/**
 * Issue 37's sign-in figure: time from the identity provider's callback to a session (POST api/outlook/login
 * {code, state, iss} → token), p50/p99 over BENCH_TRIES (100) sign-ins through a local OpenID provider
 * (oidc-provider, the one the specs use) against the embedded portal (`node apps/portal/src/main.ts`). Each sign-in
 * is started (POST api/sso/start) and passed at the provider first; only the callback's call is timed (it includes
 * the code exchange with the provider and the ID token checks).
 *
 *   source tools/scripts/node-env.sh && node tools/bench/sso.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startIdp } from '../../libs/people/server/test/oidc-idp.ts';
import {
  api,
  embeddedPortalEnv,
  expectOk,
  freePort,
  intEnv,
  log,
  makeBenchClient,
  onCleanup,
  percentile,
  runBench,
  startChild,
  SUPER,
  table,
  until,
} from './lib.ts';

await runBench(async () => {
  const tries = intEnv('BENCH_TRIES', 100);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sso-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const redirect = `${base}/authorize`;
  const idp = await startIdp([{ client_id: 'bench-portal', client_secret: 'bench-secret-0123456789', redirect_uris: [redirect] }]);
  onCleanup(() => void idp.close());
  // Development mode: the local provider speaks plain http (production accepts https issuers only).
  startChild('portal', process.execPath, ['apps/portal/src/main.ts'], { ...embeddedPortalEnv(dataDir, port), NODE_ENV: 'development', PUBLIC_URL: base });
  await until(180_000, 'portal', async () => (await api(base)('GET', '/api/env').catch(() => ({ status: 0 }))).status === 200, 250);
  const su = expectOk(await api(base)('POST', '/api/login', SUPER), 'superadmin sign-in').token as string;
  const { adminEmail, workspace, adminToken } = await makeBenchClient(base, su, 0);
  expectOk(
    await api(base, adminToken)('PUT', '/api/sso/settings/microsoft', { issuer: idp.issuer, clientId: 'bench-portal', secret: 'bench-secret-0123456789' }),
    'provider settings',
  );
  const once = async () => {
    const { url } = expectOk(await api(base)('POST', '/api/sso/start', { provider: 'microsoft', workspace }), 'start').result as { url: string };
    const back = await idp.authorize(url, { sub: adminEmail, email: adminEmail, email_verified: true });
    const body = { code: back.searchParams.get('code'), state: back.searchParams.get('state'), iss: back.searchParams.get('iss') ?? undefined };
    const t0 = performance.now();
    expectOk(await api(base)('POST', '/api/outlook/login', body), 'callback sign-in');
    return performance.now() - t0;
  };
  for (let i = 0; i < 5; i++) await once();
  const ms: number[] = [];
  log(`${tries} sign-ins through ${idp.issuer}`);
  for (let i = 0; i < tries; i++) ms.push(await once());
  const f = (v: number) => `${v.toFixed(1)} ms`;
  console.log(table(['sign-ins', 'p50', 'p99', 'max'], [[String(tries), f(percentile(ms, 50)), f(percentile(ms, 99)), f(Math.max(...ms))]]));
});
