import assert from 'node:assert/strict';
import { it } from '@jest/globals';
import { ConfigError, loadConfig, requireConfig } from './index.ts';

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
  assert.throws(() => requireConfig(loadConfig({}), ['JWT_SECRET', 'NATS_URL'], 'people-service'), (e: unknown) => {
    assert.ok(e instanceof ConfigError);
    assert.match(e.message, /JWT_SECRET: required by people-service/);
    assert.match(e.message, /NATS_URL: required by people-service/);
    return true;
  });
  requireConfig(loadConfig({ JWT_SECRET: '0123456789abcdef0' }), ['JWT_SECRET'], 'people-service');
});
