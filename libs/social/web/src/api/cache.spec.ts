import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import type { Comment, FeedPage, FeedPost, FullPost } from '@intranet/social-contract';
import { addComment } from './cache.ts';
import type { FeedData } from './feed-page.ts';
import { socialKeys } from './keys.ts';
import { fullPostKey } from './post-get.ts';

const author = {
  _id: 'u1',
  firstName: 'Ann',
  lastName: 'Archer',
  fullName: 'Ann Archer',
  avatar: null,
  position: null,
  department: null,
  deletion_mark: false,
};
const feedPost: FeedPost = {
  _id: 'p1',
  client_id: 'c1',
  type: 'post',
  parent: { type: 'company', id: null, where: null },
  author,
  message: 'hi',
  mentions: [],
  mentioned: [],
  attachments: [],
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  likes_count: 0,
  comments_count: 2,
  views_count: 0,
  liked: false,
  viewed: false,
};
const comment = (id: string): Comment => ({
  _id: id,
  post_id: 'p1',
  parent: { type: 'post', id: 'p1' },
  author,
  message: id,
  attachment: null,
  mentions: [],
  status: 'active',
  likes_count: 0,
  liked: false,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  answers: [],
});

/** A client with the post in the news feed and its full post (two comments) cached. */
function cached() {
  const qc = new QueryClient();
  const page: FeedPage = { posts: [feedPost], page: 1, limit: 20, cursor: null, next: null, hasMore: false };
  qc.setQueryData<FeedData>(socialKeys.news('c1'), { pages: [page], pageParams: [{ page: 1 }] });
  qc.setQueryData<FullPost>(fullPostKey('p1'), { ...feedPost, comments: [comment('a'), comment('b')], likes: [], views: [] });
  const counts = () => [
    qc.getQueryData<FullPost>(fullPostKey('p1'))!.comments_count,
    qc.getQueryData<FeedData>(socialKeys.news('c1'))!.pages[0]!.posts[0]!.comments_count,
  ];
  const ids = () => qc.getQueryData<FullPost>(fullPostKey('p1'))!.comments.map((c) => c._id);
  return { qc, counts, ids };
}

describe('addComment: the comment count stays exact whichever of the HTTP reply and the socket event comes first', () => {
  it('socket event first, then our reply: counted once', () => {
    const { qc, counts, ids } = cached();
    addComment(qc, 'p1', comment('c'), 3);
    addComment(qc, 'p1', comment('c'), 'added');
    assert.deepEqual(counts(), [3, 3]);
    assert.deepEqual(ids(), ['a', 'b', 'c']);
  });

  it('our reply first, then the socket event: counted once, the event sets the server figure', () => {
    const { qc, counts, ids } = cached();
    addComment(qc, 'p1', comment('c'), 'added');
    assert.deepEqual(counts(), [3, 3]);
    addComment(qc, 'p1', comment('c'), 3);
    assert.deepEqual(counts(), [3, 3]);
    assert.deepEqual(ids(), ['a', 'b', 'c']);
  });

  it("someone else's comment arriving between keeps the server's figure", () => {
    const { qc, counts } = cached();
    addComment(qc, 'p1', comment('theirs'), 3);
    addComment(qc, 'p1', comment('mine'), 4);
    addComment(qc, 'p1', comment('mine'), 'added');
    assert.deepEqual(counts(), [4, 4]);
  });
});
