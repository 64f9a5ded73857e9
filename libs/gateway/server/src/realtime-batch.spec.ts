import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, jest } from '@jest/globals';
import { RealtimeBatcher, type BatchEntry } from './realtime-batch.ts';

describe('RealtimeBatcher (issue 19): throttled batch frames per workspace', () => {
  let b: RealtimeBatcher | undefined;
  // The windows are timers: the spec moves the clock instead of waiting for it.
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    b?.close();
    jest.useRealTimers();
  });
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
    jest.advanceTimersByTime(59);
    assert.equal(sent.length, 2, 'nothing before the window ends');
    jest.advanceTimersByTime(1);
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
    // The window ends empty at 30 ms and closes.
    jest.advanceTimersByTime(30);
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
