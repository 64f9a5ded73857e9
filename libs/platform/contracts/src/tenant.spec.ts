import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { remapIds, tenantSubjects } from './tenant.ts';

describe('tenant contract (issue 36)', () => {
  const from = '01a21ec0-b983-7668-994f-fcfb10d0dd69';
  const to = '01a21ec0-0000-7000-8000-000000000001';
  const map = (id: string) => `new-${id.slice(0, 8)}`;

  it('remapIds: the old client becomes the new one, every other UUID goes through mapId, the rest stays', () => {
    const text = `{"client_id":"${from}","id":"aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee","key":"${from}/post/x.png","n":1}`;
    assert.equal(remapIds(text, from, to, map), `{"client_id":"${to}","id":"new-aaaaaaaa","key":"${to}/post/x.png","n":1}`);
    assert.equal(remapIds(from.toUpperCase(), from, to, map), to);
  });

  it('names one subject per action under tenant.<domain>', () => {
    assert.deepEqual(
      Object.values(tenantSubjects('polls')).map((s) => s.subject),
      ['tenant.polls.count', 'tenant.polls.delete', 'tenant.polls.export', 'tenant.polls.import', 'tenant.polls.keys'],
    );
  });
});
