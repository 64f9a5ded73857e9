import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { placeholdersOf, registeredCodes } from '@intranet/platform-errors';

/** Every domain contract: its codes are its `defineCodes` tables (registered on import) and its `*_CODES` maps. */
const CONTRACTS = ['bp', 'calendar', 'chat', 'clients', 'files', 'kb', 'notifications', 'people', 'polls', 'social', 'tasks'];
const SUBPATHS: Record<string, string[]> = { notifications: ['admin', 'mailing'] };

/** code → the domains that declare it (the platform's generic codes excepted: every domain may raise those). */
async function codeOwners(): Promise<Map<string, Set<string>>> {
  const owners = new Map<string, Set<string>>();
  const add = (code: string, owner: string) => owners.set(code, (owners.get(code) ?? new Set()).add(owner));
  for (const domain of CONTRACTS)
    for (const spec of [`@intranet/${domain}-contract`, ...(SUBPATHS[domain] ?? []).map((s) => `@intranet/${domain}-contract/${s}`)]) {
      const mod = (await import(spec)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod))
        if (name.endsWith('_CODES') && value && typeof value === 'object')
          for (const code of Object.values(value)) if (typeof code === 'string') add(code, domain);
    }
  for (const [owner, defs] of registeredCodes()) if (owner !== 'platform') for (const d of defs) add(d.code, owner);
  return owners;
}

describe('error codes are owned by one contract each (issue 30 §4)', () => {
  it('no two domains declare the same code', async () => {
    const owners = await codeOwners();
    assert.ok(owners.size > 50, `only ${owners.size} codes collected`);
    const clashes = [...owners].filter(([, o]) => o.size > 1).map(([code, o]) => `${code}: ${[...o].join(', ')}`);
    assert.deepEqual(clashes, []);
  });

  it('no domain redeclares a generic platform code with another text', async () => {
    await codeOwners();
    const generic = new Map((registeredCodes().get('platform') ?? []).map((d) => [d.code, d.text]));
    const clashes: string[] = [];
    for (const [owner, defs] of registeredCodes())
      if (owner !== 'platform' && owner !== 'clients') for (const d of defs) if (generic.has(d.code)) clashes.push(`${owner}.${d.code}`);
    assert.deepEqual(clashes, []);
  });

  it('every code of every contract has an English text whose {param} placeholders are its params', async () => {
    await codeOwners();
    for (const [owner, defs] of registeredCodes())
      for (const d of defs) {
        assert.ok(d.text.trim(), `${owner}.${d.code}: no English text`);
        assert.deepEqual([...d.params], placeholdersOf(d.text), `${owner}.${d.code}`);
        assert.equal(new Set(d.params).size, d.params.length, `${owner}.${d.code}: a placeholder twice`);
      }
  });
});
