import assert from 'node:assert/strict';
import { afterEach, describe, it } from '@jest/globals';
import { RealtimeBatcher, type BatchEntry } from './realtime-batch.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('RealtimeBatcher (issue 19): throttled batch frames per workspace', () => {
  let b: RealtimeBatcher | undefined;
  afterEach(() => b?.close());
  const make = (windowMs: number) => {
    const sent: { clientId: string; one?: [string, unknown]; batch?: BatchEntry[] }[] = [];
    b = new RealtimeBatcher(
      { 'evt.like': ['target.id'], 'evt.post': [] },
      windowMs,
      (clientId, subject, data) => sent.push({ clientId, one: [subject, data] }),
      (clientId, batch) => sent.push({ clientId, batch }),
    );
    return sent;
  };

  it('sends the first event at once, then the window’s events as one frame, keeping the newest per identity in order of arrival', async () => {
    const sent = make(60);
    b!.push('c1', 'evt.like', { target: { id: 'x' }, n: 1 });
    assert.deepEqual(sent, [{ clientId: 'c1', one: ['evt.like', { target: { id: 'x' }, n: 1 }] }]);
    b!.push('c1', 'evt.like', { target: { id: 'x' }, n: 2 });
    b!.push('c1', 'evt.post', { p: 1 });
    b!.push('c1', 'evt.like', { target: { id: 'y' }, n: 1 });
    b!.push('c1', 'evt.post', { p: 2 });
    b!.push('c1', 'evt.like', { target: { id: 'x' }, n: 3 });
    // Another workspace has its own window.
    b!.push('c2', 'evt.post', { p: 9 });
    assert.equal(sent.length, 2);
    await sleep(100);
    assert.deepEqual(sent[2], {
      clientId: 'c1',
      batch: [
        ['evt.post', { p: 1 }],
        ['evt.like', { target: { id: 'y' }, n: 1 }],
        ['evt.post', { p: 2 }],
        ['evt.like', { target: { id: 'x' }, n: 3 }],
      ],
    });
    assert.equal(sent.length, 3);
  });

  it('closes an idle window, so the next event after a quiet spell goes at once again', async () => {
    const sent = make(30);
    b!.push('c1', 'evt.post', { p: 1 });
    await sleep(80);
    b!.push('c1', 'evt.post', { p: 2 });
    assert.deepEqual(
      sent.map((s) => s.one?.[1]),
      [{ p: 1 }, { p: 2 }],
    );
  });

  it('batches nothing with a window of 0 or for subjects without a rule', () => {
    make(0);
    assert.equal(b!.batchable('evt.post'), false);
    make(50);
    assert.equal(b!.batchable('evt.post'), true);
    assert.equal(b!.batchable('evt.chat'), false);
  });
});
