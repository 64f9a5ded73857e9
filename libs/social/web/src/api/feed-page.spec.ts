import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { FeedPage } from '@intranet/social-contract';
import { nextParam } from './feed-page.ts';

const page = (n: number, hasMore: boolean, cursor: string | null = null): FeedPage => ({ posts: [], page: n, limit: 20, cursor, next: null, hasMore });

describe('nextParam: feed pages after the first stay pinned to its snapshot cursor', () => {
  it('asks page n+1 with the first page cursor as `before`', () => {
    const first = page(1, true, '1700000000000_00000000-0000-4000-8000-000000000001');
    assert.deepEqual(nextParam(page(2, true), [first, page(2, true)]), { page: 3, before: first.cursor });
  });

  it('stops when the last page says there is no more', () => {
    assert.equal(nextParam(page(1, false), [page(1, false)]), undefined);
  });

  it('sends no `before` when the first page had no cursor (an empty snapshot)', () => {
    assert.deepEqual(nextParam(page(1, true), [page(1, true)]), { page: 2, before: undefined });
  });
});
