import { defineEvent, defineSubject, z } from '@intranet/platform-contracts';
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { InProcessBus } from './in-process.ts';
import { ask, emit, on, serve } from './typed.ts';
import { systemContext, type BusEvent } from './types.ts';

const counted = defineSubject('demo.internal.count', z.object({ word: z.string().min(1) }), z.object({ letters: z.number().int() }));
const greeted = defineEvent('evt.demo.person.greeted', z.object({ name: z.string(), at: z.coerce.date() }));

describe('typed bus (contract subjects and events)', () => {
  it('ask/serve parse both sides: a bad request never reaches the handler, a bad reply never reaches the caller', async () => {
    const bus = new InProcessBus();
    let calls = 0;
    serve(bus, counted, async ({ word }) => {
      calls++;
      return { letters: word === 'liar' ? -0.5 : word.length };
    });
    await bus.start();
    assert.deepEqual(await ask(bus, counted, systemContext(), { word: 'привіт' }), { letters: 6 });
    await assert.rejects(ask(bus, counted, systemContext(), { word: '' }));
    assert.equal(calls, 1, 'the invalid request was refused before the bus');
    // A bad reply is the server's fault: logged (stderr) as an unexpected error, collected here rather than printed.
    const realWrite = process.stderr.write;
    const logged: string[] = [];
    process.stderr.write = ((chunk: string | Uint8Array) => logged.push(String(chunk)) > 0) as typeof process.stderr.write;
    try {
      await assert.rejects(ask(bus, counted, systemContext(), { word: 'liar' }));
    } finally {
      process.stderr.write = realWrite;
    }
    assert.match(logged.join(''), /"level":"error".*unexpected error: ZodError.*letters/s);
    await bus.close();
  });

  it('on() hands the consumer the payload parsed by the producer’s schema; emit() refuses a payload that does not match', async () => {
    const bus = new InProcessBus();
    const got: BusEvent<{ name: string; at: Date }>[] = [];
    await on(bus, greeted, async (e) => void got.push(e));
    await emit(bus, greeted, null, { name: 'Ann Lee', at: '2026-11-23T10:00:00Z' });
    await assert.rejects(emit(bus, greeted, null, { name: 7 } as never));
    await bus.drain();
    assert.equal(got.length, 1);
    assert.ok(got[0].data.at instanceof Date, 'the consumer sees the parsed type, not the wire JSON');
    await bus.close();
  });
});
