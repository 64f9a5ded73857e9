import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';

describe('zod-config (issue 18 §4: no eval under the CSP)', () => {
  it('sets jitless for zod loaded after it, without importing zod itself', async () => {
    await import('./zod-config.ts');
    const { z } = await import('zod');
    assert.equal(z.config().jitless, true);
  });
});
