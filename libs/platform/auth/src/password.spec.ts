import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from '@jest/globals';
import { hashPassword, verifyPassword } from './index.ts';

const INDEX = new URL('./index.ts', import.meta.url).href;

/** PASSWORD_HASH_COST as a fresh process computes it under `env` (it is read once, at module load). */
function costUnder(env: Record<string, string>): unknown {
  const base = { ...process.env };
  delete base.PASSWORD_HASH_COST;
  const out = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `console.log(JSON.stringify((await import(${JSON.stringify(INDEX)})).PASSWORD_HASH_COST))`],
    {
      env: { ...base, NODE_OPTIONS: (process.env.NODE_OPTIONS ?? '').replace('--experimental-vm-modules', ''), ...env },
      encoding: 'utf8',
    },
  );
  return JSON.parse(out);
}

describe('password hashing cost', () => {
  it("is OWASP's baseline (19 MiB, 2 passes) unless a spec run asks for less; production ignores the request", () => {
    const owasp = { memoryCost: 19_456, timeCost: 2 };
    assert.deepEqual(costUnder({ NODE_ENV: 'production' }), owasp);
    assert.deepEqual(costUnder({ NODE_ENV: 'production', PASSWORD_HASH_COST: 'low' }), owasp);
    assert.deepEqual(costUnder({ NODE_ENV: 'test' }), owasp);
    assert.deepEqual(costUnder({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'low' }), { memoryCost: 1024, timeCost: 1 });
  });

  it('a hash is argon2id carrying its cost, and verifies only its own password', async () => {
    const h = await hashPassword('correct horse');
    assert.match(h, /^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$/);
    assert.equal(await verifyPassword(h, 'correct horse'), true);
    assert.equal(await verifyPassword(h, 'correct horse!'), false);
    assert.equal(await verifyPassword('not a hash', 'correct horse'), false);
  });
});
