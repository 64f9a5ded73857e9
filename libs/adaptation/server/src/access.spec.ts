import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { canRemoveItem } from './access.ts';

const AUTHOR = '00000000-0000-4000-8000-00000000000a';

describe('adaptation access.ts (§6 can-rules)', () => {
  it('an item is removed by its author or an administrator, nobody else', () => {
    const item = { created_by: AUTHOR };
    assert.equal(canRemoveItem(item, { userId: AUTHOR, roles: ['employee'] }), true);
    assert.equal(canRemoveItem(item, { userId: '00000000-0000-4000-8000-0000000000ad', roles: ['admin'] }), true);
    assert.equal(canRemoveItem(item, { userId: '00000000-0000-4000-8000-0000000000e1', roles: ['employee'] }), false);
    assert.equal(canRemoveItem({ created_by: null }, { userId: AUTHOR, roles: ['employee'] }), false);
  });
});
