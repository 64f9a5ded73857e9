import { defineRoute, z } from '@intranet/platform-contracts';
import { DomainError } from '@intranet/platform-errors';
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { InProcessBus } from './in-process.ts';
import { systemContext } from './index.ts';
import { MAX_INPUT_DEPTH, parseRouteInput } from './bind.ts';

const route = defineRoute({
  method: 'PUT',
  path: '/api/thing/{id}',
  subject: 'test.thing',
  summary: 't',
  spec: '§5',
  access: { kind: 'authenticated' },
  params: z.object({ id: z.string() }),
  body: z.object({ name: z.string().optional(), tags: z.array(z.string()).optional() }).passthrough(),
  result: z.unknown(),
});

function errorsOf(fn: () => unknown): { field: string; message: string }[] {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof DomainError, `a DomainError, not ${String(e)}`);
    assert.equal(e.code, 'validation');
    return e.errors ?? [];
  }
  assert.fail('expected a validation error');
}

/** JSON nested `depth` deep, parsed (JSON.parse is iterative; JSON.stringify of the result is not). */
const deep = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

describe('parseRouteInput: input hygiene for every route (§5 illegal symbols; no 500 on hostile JSON)', () => {
  it('rejects NUL and control characters in any string of params, query and body, keys included, as "Illegal symbols"', () => {
    assert.deepEqual(
      errorsOf(() => parseRouteInput(route, { params: { id: 'a\u0000b' }, body: {} })),
      [{ field: 'id', message: 'Illegal symbols', code: 'illegalSymbols' }],
    );
    assert.deepEqual(
      errorsOf(() => parseRouteInput(route, { params: { id: '1' }, query: { q: '\u001b[31m' }, body: {} })),
      [{ field: 'q', message: 'Illegal symbols', code: 'illegalSymbols' }],
    );
    assert.deepEqual(
      errorsOf(() => parseRouteInput(route, { params: { id: '1' }, body: { tags: ['ok', 'x\u007f'] } })),
      [{ field: 'tags.1', message: 'Illegal symbols', code: 'illegalSymbols' }],
    );
    assert.deepEqual(
      errorsOf(() => parseRouteInput(route, { params: { id: '1' }, body: { extra: { 'k\u0000': 1 } } })),
      [{ field: 'extra', message: 'Illegal symbols', code: 'illegalSymbols' }],
    );
    // A lone surrogate is no text: PostgreSQL's jsonb refuses its \ud800 escape (a 500 on PUT links_block).
    assert.deepEqual(
      errorsOf(() => parseRouteInput(route, { params: { id: '1' }, body: { name: 'a\ud800' } })),
      [{ field: 'name', message: 'Illegal symbols', code: 'illegalSymbols' }],
    );
  });

  it('keeps tabs, line breaks and any printable text', () => {
    const ok = parseRouteInput(route, { params: { id: '1' }, body: { name: 'Line 1\r\nLine\t2 — «ёж» 😀' } });
    assert.equal(ok.body.name, 'Line 1\r\nLine\t2 — «ёж» 😀');
  });

  it(`rejects input nested deeper than ${MAX_INPUT_DEPTH} levels before it reaches the bus (JSON.stringify of 5,000 levels overflows the stack)`, async () => {
    assert.deepEqual(
      errorsOf(() => parseRouteInput(route, { params: { id: '1' }, body: { x: deep(5_000) } })),
      [{ field: 'x', message: 'Nested too deeply', code: 'nestedTooDeep' }],
    );
    parseRouteInput(route, { params: { id: '1' }, body: { x: deep(MAX_INPUT_DEPTH - 2) } });
    // The cause, shown: the bus serialises the input, and 5,000 levels overflow it.
    const bus = new InProcessBus();
    bus.handle('test.echo', async (m) => m);
    await assert.rejects(bus.request('test.echo', { ctx: systemContext(null), input: { x: deep(5_000) } }), RangeError);
  });
});
