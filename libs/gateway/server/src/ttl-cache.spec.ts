import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { TtlCache } from './ttl-cache.ts';

describe('gateway TtlCache.getOrLoad (single flight, eviction-safe)', () => {
  it('shares one load between concurrent callers and serves the stored answer afterwards', async () => {
    const c = new TtlCache<number>(5_000);
    let loads = 0;
    let release!: (v: number) => void;
    const load = () => {
      loads++;
      return new Promise<number>((r) => (release = r));
    };
    const all = Promise.all([c.getOrLoad('k', load), c.getOrLoad('k', load), c.getOrLoad('k', load)]);
    release(7);
    assert.deepEqual(await all, [7, 7, 7]);
    assert.equal(loads, 1);
    assert.equal(c.getOrLoad('k', load), 7);
    assert.equal(loads, 1);
  });

  it('does not store an answer whose load started before an eviction, and a later caller loads afresh', async () => {
    const c = new TtlCache<string>(5_000);
    let release!: (v: string) => void;
    const stale = c.getOrLoad('s', () => new Promise<string>((r) => (release = r)));
    c.evict((k) => k === 's'); // e.g. the session was revoked while its look-up was under way
    const fresh = c.getOrLoad('s', async () => 'fresh');
    release('stale');
    assert.equal(await stale, 'stale');
    assert.equal(await fresh, 'fresh');
    assert.equal(c.get('s'), 'fresh');
  });

  it('does not cache a failed load', async () => {
    const c = new TtlCache<string>(5_000);
    await assert.rejects(Promise.resolve(c.getOrLoad('e', async () => Promise.reject(new Error('bus down')))));
    assert.equal(c.get('e'), undefined);
    assert.equal(await c.getOrLoad('e', async () => 'ok'), 'ok');
  });
});
