import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { peopleRoutes } from '@intranet/people-contract';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

/**
 * The wall's mention box searches the address book (POST api/user/filter/{workspace}, people) as one types `@Ti`.
 * Issue 29 §20: people matched by their department or position came before the one named Tim; with `namesFirst`
 * (what the mention box sends) the people whose names match every word come first, the others after them.
 */
describe('mention search: names first (issue 29 §20)', () => {
  let t: TestPortal;
  let adminToken: string;

  beforeAll(async () => {
    t = await sharedPortal();
    const acme = await t.makeClient('mentacme');
    adminToken = acme.adminToken;
    // By last name (the address book's order) the two matched by department or position come before Tim Zorin.
    await t.makeEmployee(adminToken, 'anna@mentacme.test', { firstName: 'Anna', lastName: 'Abbott', department: 'Tickets' });
    await t.makeEmployee(adminToken, 'boris@mentacme.test', { firstName: 'Boris', lastName: 'Baker', position: 'Timekeeper' });
    await t.makeEmployee(adminToken, 'tim@mentacme.test', { firstName: 'Tim', lastName: 'Zorin' });
    await t.makeEmployee(adminToken, 'olga@mentacme.test', { firstName: 'Olga', lastName: 'Tikhonova' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (data: Record<string, unknown>) => {
    const r = await t.call(peopleRoutes.userFilter, {
      token: adminToken,
      params: { workspace: 'mentacme' },
      body: { data: { page: 1, limit: 10, sort: 'lastName', order: 'asc', ...data } },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return (r.body.result.users as { firstName: string; lastName: string }[]).map((u) => `${u.firstName} ${u.lastName}`);
  };

  it('names matching every word come first, then the rest of the matches, each part by the chosen order', async () => {
    assert.deepEqual(await search({ search: 'Ti', namesFirst: true }), ['Olga Tikhonova', 'Tim Zorin', 'Anna Abbott', 'Boris Baker']);
    // Two words: both must be in the name for it to rank first.
    assert.deepEqual(await search({ search: 'ti zor', namesFirst: true }), ['Tim Zorin']);
  });

  it('the address book keeps its plain order without the flag', async () => {
    assert.deepEqual(await search({ search: 'Ti' }), ['Anna Abbott', 'Boris Baker', 'Olga Tikhonova', 'Tim Zorin']);
  });
});
