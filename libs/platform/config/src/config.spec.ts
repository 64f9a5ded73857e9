import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT, requireConfig } from './index.ts';

it('defaults to the embedded mode', () => {
  const c = loadConfig({});
  assert.equal(c.PORT, 3000);
  assert.equal(c.DATABASE_URL, undefined);
  assert.equal(c.NATS_URL, undefined);
});

it('names every bad variable without echoing secrets', () => {
  try {
    loadConfig({ PORT: 'x', DATABASE_URL: 'mysql://h', JWT_SECRET: 'short-secret' });
    assert.fail('should throw');
  } catch (e) {
    assert.ok(e instanceof ConfigError);
    assert.match(e.message, /PORT/);
    assert.match(e.message, /DATABASE_URL: must start with postgres/);
    assert.match(e.message, /JWT_SECRET: must be at least 16 characters/);
    assert.ok(!e.message.includes('short-secret'));
  }
});

it('TRUST_PROXY is off by default; true, a hop count or proxy addresses turn it on; anything else is refused', () => {
  assert.equal(loadConfig({}).TRUST_PROXY, false);
  assert.equal(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY, false);
  assert.equal(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY, true);
  assert.equal(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY, 2);
  assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12' }).TRUST_PROXY, ['10.0.0.1', '172.16.0.0/12']);
  assert.throws(() => loadConfig({ TRUST_PROXY: 'everyone' }), /TRUST_PROXY/);
});

it('requireConfig names each missing variable', () => {
  assert.throws(
    () => requireConfig(loadConfig({}), ['JWT_SECRET', 'NATS_URL'], 'people-service'),
    (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.match(e.message, /JWT_SECRET: required by people-service/);
      assert.match(e.message, /NATS_URL: required by people-service/);
      return true;
    },
  );
  requireConfig(loadConfig({ JWT_SECRET: '0123456789abcdef0' }), ['JWT_SECRET'], 'people-service');
});

it('path settings (DATA_DIR, WEB_DIR) resolve a relative value against the repository root, whatever the cwd', () => {
  const root = REPO_ROOT;
  assert.ok(existsSync(join(root, 'package.json')) && existsSync(join(root, 'libs/platform/config/src/index.ts')), root);
  const cwd = process.cwd();
  try {
    process.chdir(join(root, 'libs/platform/config'));
    const c = loadConfig({ DATA_DIR: 'tmp/data', WEB_DIR: 'dist/web' });
    assert.equal(c.DATA_DIR, join(root, 'tmp/data'));
    assert.equal(c.WEB_DIR, join(root, 'dist/web'));
    assert.equal(loadConfig({ DATA_DIR: './a/../b/' }).DATA_DIR, join(root, 'b'));
    assert.equal(loadConfig({}).DATA_DIR, join(root, '.data/portal'));
    assert.equal(loadConfig({ DATA_DIR: '/var/lib/intranet' }).DATA_DIR, '/var/lib/intranet');
    assert.equal(loadConfig({ WEB_DIR: '' }).WEB_DIR, undefined);
  } finally {
    process.chdir(cwd);
  }
  assert.ok(isAbsolute(loadConfig({ WEB_DIR: 'dist/web' }).WEB_DIR!));
});

describe('secrets at rest (secrets.ts)', () => {
  it('seals with AES-256-GCM and opens only with the same key and owner; production needs SECRETS_KEY', async () => {
    const { isSealed, openSecret, sealSecret, secretsKey, SecretError } = await import('./index.ts');
    const key = secretsKey({ SECRETS_KEY: 'a-long-enough-key-123', NODE_ENV: 'production' });
    const v = sealSecret(key, 'p@ss', 'client-1');
    assert.ok(isSealed(v) && !v.includes('p@ss'));
    assert.equal(openSecret(key, v, 'client-1'), 'p@ss');
    assert.throws(() => openSecret(key, v, 'client-2'), SecretError);
    assert.throws(() => openSecret(secretsKey({ SECRETS_KEY: undefined, NODE_ENV: 'development' }), v, 'client-1'), SecretError);
    assert.throws(() => secretsKey({ SECRETS_KEY: undefined, NODE_ENV: 'production' }), /SECRETS_KEY: required in production/);
  });
});
