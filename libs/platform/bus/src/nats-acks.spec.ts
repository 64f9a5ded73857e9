import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, jest } from '@jest/globals';
import type { Msg } from '@nats-io/nats-core';
import { ACK_AFTER_MS, EAGER_EVERY_MS, RequestAcks } from './nats-acks.ts';
import { ackPacket } from './nats-wire.ts';

/** A request as the service sees it: its reply subject on a caller's acking inbox; `sent` records what went back. */
const request = (sent: string[], caller: string, id: string) => ({ reply: `_INBOX.ack.${caller}.${id}`, respond: () => sent.push(id) }) as unknown as Msg;

describe('RequestAcks: acks only where the caller can use them (issue 39 §1, issue 38 §1)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("acks a caller's first request at once, and a later one answered within ACK_AFTER_MS never", () => {
    const sent: string[] = [];
    const acks = new RequestAcks(ackPacket('live'));
    const first = request(sent, 'gw', '1');
    acks.received(first);
    assert.deepEqual(sent, ['1']);
    const fast = request(sent, 'gw', '2');
    acks.received(fast);
    jest.advanceTimersByTime(ACK_AFTER_MS - 10);
    acks.done(fast);
    jest.advanceTimersByTime(10 * ACK_AFTER_MS);
    assert.deepEqual(sent, ['1']);
    acks.close();
  });

  it('acks a request still running after ACK_AFTER_MS, in the order the requests came', () => {
    const sent: string[] = [];
    const acks = new RequestAcks(ackPacket('live'));
    acks.received(request(sent, 'gw', '1'));
    acks.received(request(sent, 'gw', '2'));
    jest.advanceTimersByTime(ACK_AFTER_MS / 2);
    acks.received(request(sent, 'gw', '3'));
    jest.advanceTimersByTime(ACK_AFTER_MS / 2);
    assert.deepEqual(sent, ['1', '2'], 'the second is due, the third not yet');
    jest.advanceTimersByTime(ACK_AFTER_MS / 2);
    assert.deepEqual(sent, ['1', '2', '3']);
    acks.close();
  });

  it("acks every running request before a ping's answer or an ack sent at once (their order kept)", () => {
    const sent: string[] = [];
    const acks = new RequestAcks(ackPacket('live'));
    acks.received(request(sent, 'gw', '1'));
    acks.received(request(sent, 'gw', '2'));
    acks.received(request(sent, 'gw', '3'));
    acks.flush();
    sent.push('ping answer');
    assert.deepEqual(sent, ['1', '2', '3', 'ping answer']);
    // Another caller's first request is acked at once, after the running ones of the first caller.
    acks.received(request(sent, 'gw', '4'));
    acks.received(request(sent, 'other', '5'));
    assert.deepEqual(sent, ['1', '2', '3', 'ping answer', '4', '5']);
    jest.advanceTimersByTime(10 * ACK_AFTER_MS);
    assert.equal(sent.length, 6, 'nothing acked twice');
    acks.close();
  });

  it('acks a caller at once again once EAGER_EVERY_MS has passed since its last such ack', () => {
    const sent: string[] = [];
    const acks = new RequestAcks(ackPacket('live'));
    acks.received(request(sent, 'gw', '1'));
    jest.advanceTimersByTime(EAGER_EVERY_MS - 1);
    const r2 = request(sent, 'gw', '2');
    acks.received(r2);
    acks.done(r2);
    jest.advanceTimersByTime(1);
    acks.received(request(sent, 'gw', '3'));
    assert.deepEqual(sent, ['1', '3']);
    acks.close();
  });
});
