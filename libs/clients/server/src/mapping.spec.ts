import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DEFAULT_INITIAL_RIGHTS } from '@intranet/platform-contracts';
import { employeeView, GB, publicClient, toClient } from './mapping.ts';
import type { ClientRow } from './schema.ts';

const row = {
  id: '00000000-0000-4000-8000-0000000000a1',
  workspace: 'acme',
  name: 'Acme',
  fullName: 'Acme Ltd',
  lang: 'en',
  startPage: 'company',
  status: 'active',
  settings: {},
  design: {},
  logo: null,
  city: 'Kyiv',
  phone: null,
  address: null,
  director: null,
  telegram: null,
  notes: 'internal',
  taxNumber: '123',
  storageTotalBytes: 10 * GB,
  storageUsedBytes: GB / 2,
  features: [{ feature: 'shop', active: true }],
  hrUrl: 'https://hr.example',
  hrLogin: 'hr',
  hrPassword: 'v1.sealed',
  deleted: false,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
} as unknown as ClientRow;

describe('clients mapping.ts (rows → §3 Client)', () => {
  it('storage in GB, default settings, and never the HR password: only whether one is stored', () => {
    const c = toClient(row);
    assert.deepEqual(c.storage, { total: 10, used: 0.5 });
    assert.deepEqual(c.settings, { hideMoodMeter: false, initialRights: [...DEFAULT_INITIAL_RIGHTS] });
    assert.deepEqual(c.hr, { url: 'https://hr.example', login: 'hr', hasPassword: true });
    assert.ok(!JSON.stringify(c).includes('v1.sealed'));
  });

  it('an employee reads no administration data; the sign-in page only the branding', () => {
    const e = employeeView(toClient(row));
    assert.deepEqual([e.notes, e.taxNumber, e.hr], [null, null, { url: null, login: null, hasPassword: false }]);
    assert.deepEqual(Object.keys(publicClient(toClient(row), null)).sort(), ['_id', 'design', 'lang', 'logo', 'name', 'status', 'workspace']);
  });
});
