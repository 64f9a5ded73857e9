import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ConfigError, loadConfig } from './index.ts';

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
