import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DomainError } from '@intranet/platform-errors';
import type { Msg, NatsConnection } from '@nats-io/nats-core';
import { NatsRequester } from './nats-request.ts';
import { ACK_INBOX, ackPacket, encoder, LIVENESS_MS } from './nats-wire.ts';

/**
 * Issue 38 §1: a request whose service process dies with it (kill -9) fails at once (503), not after its time limit.
 * A fake connection stands in for NATS: `svc` is the service subject, `live` its process's liveness subject, and
 * `liveState` says what NATS answers there (alive: an empty reply; gone: the "no responders" status; frozen: nothing).
 */
function fakeNats(liveState: () => 'alive' | 'gone' | 'frozen', replyAfterMs?: number, lostWhenGone = false) {
  let inbox: ((err: Error | null, m: Msg) => void) | undefined;
  const deliver = (subject: string, data: Uint8Array, code?: number) =>
    inbox?.(null, { subject, data, headers: code ? { code } : undefined, json: () => JSON.parse(Buffer.from(data).toString()) } as unknown as Msg);
  const nc = {
    info: { max_payload: 1024 * 1024 },
    subscribe(subject: string, o: { callback: (err: Error | null, m: Msg) => void }) {
      assert.ok(subject.startsWith(ACK_INBOX), `the requester's inbox is under ${ACK_INBOX}, not ${subject}`);
      inbox = o.callback;
    },
    publish(subject: string, body: string, o: { reply: string }) {
      if (subject.startsWith('svc')) {
        // Routed into the socket of a process that is dying: never acked, never answered.
        if (lostWhenGone && liveState() === 'gone') return;
        // The service acks at once, then (maybe) answers.
        setImmediate(() => deliver(o.reply, ackPacket('live')));
        const id = (JSON.parse(body) as { id: string }).id;
        if (replyAfterMs !== undefined) {
          setTimeout(() => deliver(o.reply, encoder.encode(JSON.stringify({ id, isDisposed: true, response: { ok: true, result: 'done' } }))), replyAfterMs);
        }
      } else if (subject === 'live') {
        const state = liveState();
        if (state === 'alive') setImmediate(() => deliver(o.reply, new Uint8Array()));
        else if (state === 'gone') setImmediate(() => deliver(o.reply, new Uint8Array(), 503));
      }
    },
  };
  return nc as unknown as NatsConnection;
}

const send = (nc: NatsConnection, ms: number) => new NatsRequester('').send(async () => nc, 'svc', { input: {} } as never, ms, undefined, false);

describe('NatsRequester: liveness of the process that has a request (issue 38 §1)', () => {
  it('fails a request at once (503, ResponderGoneError) when the process that acked it is gone, long before its time limit', async () => {
    let gone = false;
    const started = Date.now();
    const pending = send(
      fakeNats(() => (gone ? 'gone' : 'alive')),
      10_000,
    );
    setTimeout(() => (gone = true), LIVENESS_MS);
    await assert.rejects(pending, (e: unknown) => {
      assert.ok(e instanceof DomainError);
      assert.equal(e.status, 503);
      assert.equal((e.details as { cause?: string } | undefined)?.cause, 'ResponderGoneError');
      return true;
    });
    const took = Date.now() - started;
    assert.ok(took < 4 * LIVENESS_MS, `failed after ${took} ms, expected within ${4 * LIVENESS_MS} ms of the 10 s limit`);
  });

  it('fails a request NATS routed to a process in its last instant (never acked) once that process is found gone', async () => {
    let gone = false;
    const nc = fakeNats(() => (gone ? 'gone' : 'alive'), 10, true);
    const requester = new NatsRequester('');
    const send1 = () => requester.send(async () => nc, 'svc.thing', { input: {} } as never, 10_000, undefined, false);
    // An earlier request acked and answered: the requester knows the service's process.
    assert.equal(await send1(), 'done');
    gone = true;
    const started = Date.now();
    await assert.rejects(send1(), (e: unknown) => {
      assert.ok(e instanceof DomainError);
      assert.equal((e.details as { cause?: string } | undefined)?.cause, 'ResponderGoneError');
      return true;
    });
    const took = Date.now() - started;
    assert.ok(took < 4 * LIVENESS_MS, `failed after ${took} ms, expected within ${4 * LIVENESS_MS} ms of the 10 s limit`);
  });

  it('keeps waiting for a slow service that is alive (its reply after 3 liveness checks arrives)', async () => {
    assert.equal(
      await send(
        fakeNats(() => 'alive', 3 * LIVENESS_MS + 100),
        10_000,
      ),
      'done',
    );
  });

  it('a frozen service (still connected, not answering pings) proves nothing: the request waits for its time limit', async () => {
    const started = Date.now();
    await assert.rejects(
      send(
        fakeNats(() => 'frozen'),
        3 * LIVENESS_MS,
      ),
      (e: unknown) => {
        assert.ok(e instanceof DomainError);
        assert.equal((e.details as { cause?: string } | undefined)?.cause, 'TimeoutError');
        return true;
      },
    );
    assert.ok(Date.now() - started >= 3 * LIVENESS_MS - 20);
  });
});
