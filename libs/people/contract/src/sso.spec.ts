import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { ssoRefs } from './sso-refs.ts';
import { ssoRoutes } from './sso.ts';

describe('ssoRefs (the single sign-on routes of the shell, written out without schemas)', () => {
  it('are their routes’ method, path, envelope and access', () => {
    for (const [name, ref] of Object.entries(ssoRefs)) {
      const r = ssoRoutes[name as keyof typeof ssoRefs];
      assert.deepStrictEqual(ref, { method: r.method, path: r.path, envelope: r.envelope, access: r.access }, name);
    }
  });
});
