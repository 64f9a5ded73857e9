import assert from 'node:assert/strict';
import { afterEach, describe, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { access, defineRoute, z } from '@intranet/platform-contracts';
import { MemoryStorage } from './memory-storage.ts';
import { routeQuery } from './query.ts';

const g = globalThis as unknown as { localStorage: Storage; sessionStorage: Storage; fetch: typeof fetch };
g.localStorage = new MemoryStorage();
g.sessionStorage = new MemoryStorage();
const realFetch = globalThis.fetch;

const userGet = defineRoute({
  method: 'GET',
  path: '/api/user/{id}',
  subject: 'people.user.get',
  summary: 'One user',
  spec: '§7',
  access: access.authenticated,
  params: z.object({ id: z.string() }),
  query: z.object({ full: z.coerce.boolean().optional() }),
  result: z.object({ _id: z.string() }),
});

describe('routeQuery (issue 31 §1)', () => {
  afterEach(() => {
    g.fetch = realFetch;
  });

  it('keys the query by the domain key, then the params and query of the call', () => {
    const o = routeQuery(['people', 'user'], userGet, { params: { id: 'u1' }, query: { full: true } });
    assert.deepEqual(o.queryKey, ['people', 'user', { params: { id: 'u1' }, query: { full: true } }]);
    const bare = routeQuery(['people', 'user'], userGet, { params: { id: 'u2' } });
    assert.deepEqual(bare.queryKey, ['people', 'user', { params: { id: 'u2' }, query: null }]);
  });

  it('fetches the route through call with the query signal and returns its result', async () => {
    const seen: string[] = [];
    g.fetch = (async (url: string, init: RequestInit) => {
      seen.push(`${init.method} ${url} ${init.signal ? 'signal' : 'no-signal'}`);
      return new Response(JSON.stringify({ result: { _id: 'u1' } }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const qc = new QueryClient();
    const user = await qc.fetchQuery(routeQuery(['people', 'user'], userGet, { params: { id: 'u1' } }));
    assert.deepEqual(user, { _id: 'u1' });
    assert.deepEqual(seen, ['GET /api/user/u1 signal']);
    qc.clear();
  });
});
