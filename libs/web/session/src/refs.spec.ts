import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { clientRoutes } from '@intranet/clients-contract';
import { clientRefs } from '@intranet/clients-contract/refs';
import { fileRoutes } from '@intranet/files-contract';
import { fileRefs } from '@intranet/files-contract/refs';
import type { RouteTarget } from '@intranet/platform-contracts';

const target = (r: RouteTarget): RouteTarget => ({ method: r.method, path: r.path, envelope: r.envelope, access: r.access });

/** The session layer calls these refs on every page load (issue 8 §5: no contract schemas in the first load). */
describe('client and file refs of the session layer', () => {
  it('are their contracts’ routes', () => {
    assert.deepStrictEqual(clientRefs.clientGet, target(clientRoutes.clientGet));
    assert.deepStrictEqual(fileRefs.fileSession, target(fileRoutes.fileSession));
  });
});
