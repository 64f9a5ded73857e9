import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { groupGetQueryOptions } from './group-get.ts';
import { groupByUserQueryOptions } from './group-by-user.ts';
import { groupMembersQueryOptions } from './group-members.ts';
import { ideaListQueryOptions } from './idea-list.ts';
import { socialKeys } from './keys.ts';
import { postGetQueryOptions } from './post-get.ts';
import { violReportListQueryOptions } from './viol-report-list.ts';

const under = (key: readonly unknown[], prefix: readonly unknown[]) => JSON.stringify(key.slice(0, prefix.length)) === JSON.stringify(prefix);

/** The realtime handlers invalidate by these prefixes (realtime.ts): every read they must refresh sits under one. */
describe('social query keys: each read lies under the prefix its realtime event invalidates', () => {
  it('group reads lie under socialKeys.groups() (evt.social.group.changed)', () => {
    for (const key of [groupGetQueryOptions('g1').queryKey, groupByUserQueryOptions('u1', '', 1, 5).queryKey, groupMembersQueryOptions('g1', 2).queryKey])
      assert.ok(under(key, socialKeys.groups()), JSON.stringify(key));
  });

  it('a full post lies under socialKeys.post(id) and socialKeys.posts()', () => {
    const key = postGetQueryOptions('p1').queryKey;
    assert.ok(under(key, socialKeys.post('p1')));
    assert.ok(under(key, socialKeys.posts()));
  });

  it('ideas and reports lie under their own prefixes', () => {
    assert.ok(under(ideaListQueryOptions(true, '', 1).queryKey, socialKeys.ideas()));
    assert.ok(under(violReportListQueryOptions('0', 1).queryKey, socialKeys.reports()));
  });
});
