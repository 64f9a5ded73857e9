import { peopleRoutes } from '@intranet/people-contract';
import { structureEvents, structureRoutes as r } from '@intranet/people-contract/structure';
import { on, type BusEvent } from '@intranet/platform-bus';
import type { EventDef } from '@intranet/platform-contracts';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { eventually } from '@intranet/platform-testing';

type Made = Awaited<ReturnType<TestPortal['makeClient']>>;

describe('company structure (§7 Structure, §5 Department, §6 structures)', () => {
  let t: TestPortal;
  let acme: Made;
  let other: Made;
  let emp: Awaited<ReturnType<TestPortal['makeEmployee']>>;
  let emp2: Awaited<ReturnType<TestPortal['makeEmployee']>>;
  const ids: Record<string, string> = {};
  const events: BusEvent<Record<string, unknown>>[] = [];

  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await t.call(r.structureCreate, { token, body });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.result._id as string;
  };
  const tree = async (token: string, client: string, query?: Record<string, string>) => {
    const res = await t.call(r.structureByClient, { token, params: { client }, query });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.result as { _id: string; name: string; parent: string | null; depth: number; manager: string | null; employees: string[] }[];
  };

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('structco');
    other = await t.makeClient('structother');
    emp = await t.makeEmployee(acme.adminToken, 'e1@structco.test');
    emp2 = await t.makeEmployee(acme.adminToken, 'e2@structco.test');
    // root → sales → (east, west); root → it
    ids.root = await create(acme.adminToken, { kind: 'org', name: 'Acme' });
    ids.sales = await create(acme.adminToken, { kind: 'org', name: 'Sales', parent: ids.root });
    ids.east = await create(acme.adminToken, { kind: 'org', name: 'East', parent: ids.sales });
    ids.west = await create(acme.adminToken, { kind: 'org', name: 'West', parent: ids.sales });
    ids.it = await create(acme.adminToken, { kind: 'org', name: 'IT', parent: ids.root });
    ids.admRoot = await create(acme.adminToken, { kind: 'adm', name: 'Acme adm' });
    for (const def of Object.values(structureEvents) as EventDef[])
      await on(t.portal.platform.bus, def, async (e) => void events.push(e as BusEvent<Record<string, unknown>>));
  });
  afterAll(() => t.close());

  it('builds a tree per kind; a subtree read returns the department and its descendants, parents first', async () => {
    const org = await tree(emp.token, acme.client._id, { kind: 'org' });
    assert.deepEqual(
      org.map((d) => [d.name, d.depth]),
      [
        ['Acme', 0],
        ['Sales', 1],
        ['East', 2],
        ['West', 2],
        ['IT', 1],
      ],
    );
    const sub = await tree(emp.token, acme.client._id, { root: ids.sales });
    assert.deepEqual(
      sub.map((d) => d.name),
      ['Sales', 'East', 'West'],
    );
    assert.equal((await tree(emp.token, acme.client._id)).length, 6);
  });

  it('one root per kind: a second department without a parent is refused; a parent of another kind too', async () => {
    const again = await t.call(r.structureCreate, { token: acme.adminToken, body: { kind: 'org', name: 'Second root' } });
    assert.equal(again.status, 400);
    assert.equal(again.body.errors[0].field, 'parent');
    assert.equal(again.body.errors[0].code, 'deptParentRequired');
    const cross = await t.call(r.structureCreate, { token: acme.adminToken, body: { kind: 'adm', name: 'Cross', parent: ids.sales } });
    assert.equal(cross.status, 400);
    assert.equal(cross.body.errors[0].message, 'The parent department belongs to another structure');
  });

  it('moves a department with its subtree to a new parent; not into itself or a descendant; the root not at all', async () => {
    const moved = await t.call(r.structureUpdate, { token: acme.adminToken, params: { id: ids.sales }, body: { parent: ids.it, name: 'Sales & Co' } });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.result.parent, ids.it);
    assert.equal(moved.body.result.depth, 2);
    const sub = await tree(acme.adminToken, acme.client._id, { root: ids.it });
    assert.deepEqual(
      sub.map((d) => [d.name, d.depth]),
      [
        ['IT', 1],
        ['Sales & Co', 2],
        ['East', 3],
        ['West', 3],
      ],
    );
    for (const [id, parent] of [
      [ids.sales, ids.sales],
      [ids.sales, ids.east],
      [ids.it, ids.west],
      [ids.root, ids.it],
    ]) {
      const bad = await t.call(r.structureUpdate, { token: acme.adminToken, params: { id }, body: { parent } });
      assert.equal(bad.status, 400, `${id} → ${parent}`);
      assert.equal(bad.body.message, 'A department cannot be moved into itself or its child');
      assert.equal(bad.body.code, 'deptMoveIntoChild');
    }
    // Back where it was; the tree is unchanged by the refused moves.
    assert.equal((await t.call(r.structureUpdate, { token: acme.adminToken, params: { id: ids.sales }, body: { parent: ids.root } })).status, 200);
    assert.deepEqual(
      (await tree(acme.adminToken, acme.client._id, { root: ids.root })).map((d) => d.name),
      ['Acme', 'Sales & Co', 'East', 'West', 'IT'],
    );
  });

  it('department users: add, one head (a new head replaces the old), clear_chief, remove; the record lists them', async () => {
    const added = await t.call(r.deptUsersAdd, {
      token: acme.adminToken,
      params: { client: acme.client._id, dept: ids.east },
      body: { users: [emp.user._id, emp2.user._id] },
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.deepEqual(added.body.result.users.sort(), [emp.user._id, emp2.user._id].sort());
    assert.equal(added.body.result.headUser, null);

    const head1 = await t.call(r.deptUsersUpdate, { token: acme.adminToken, body: { dept_id: ids.east, headUser: emp.user._id } });
    assert.equal(head1.body.result.headUser, emp.user._id);
    const head2 = await t.call(r.deptUsersUpdate, { token: acme.adminToken, body: { dept_id: ids.east, headUser: emp2.user._id } });
    assert.equal(head2.body.result.headUser, emp2.user._id);
    const records = await t.call(r.deptUsersByClient, { token: emp.token, params: { client: acme.client._id } });
    assert.equal(records.status, 200);
    const east = records.body.result.find((x: { dept_id: string }) => x.dept_id === ids.east);
    assert.equal(east.headUser, emp2.user._id);
    assert.equal(east.users.length, 2);
    const d = (await tree(emp.token, acme.client._id, { root: ids.east }))[0];
    assert.equal(d.manager, emp2.user._id);

    const cleared = await t.call(r.deptUsersClearChief, { token: acme.adminToken, params: { id: ids.east } });
    assert.equal(cleared.status, 200);
    assert.equal(cleared.body.result.headUser, null);
    assert.equal(cleared.body.result.users.length, 2);

    const removed = await t.call(r.deptUsersRemove, { token: acme.adminToken, params: { dept: ids.east, user: emp2.user._id } });
    assert.deepEqual(removed.body.result.users, [emp.user._id]);
    assert.equal((await t.call(r.deptUsersRemove, { token: acme.adminToken, params: { dept: ids.east, user: emp2.user._id } })).status, 404);

    const replaced = await t.call(r.deptUsersUpdate, { token: acme.adminToken, body: { dept_id: ids.west, users: [emp2.user._id] } });
    assert.deepEqual(replaced.body.result.users, [emp2.user._id]);
    const foreign = await t.call(r.deptUsersAdd, {
      token: acme.adminToken,
      params: { client: acme.client._id, dept: ids.west },
      body: { users: [other.admin._id] },
    });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.errors[0].code, 'deptUserNotFound');
  });

  it('deletion: not the root, not a subtree with employees; an empty one goes with its children', async () => {
    const root = await t.call(r.structureDelete, { token: acme.adminToken, params: { id: ids.root } });
    assert.equal(root.status, 400);
    assert.equal(root.body.message, 'The root department cannot be deleted');
    assert.equal(root.body.code, 'deptDeleteRoot');
    const busy = await t.call(r.structureDelete, { token: acme.adminToken, params: { id: ids.sales } });
    assert.equal(busy.status, 400);
    assert.equal(busy.body.message, 'A department with employees cannot be deleted');
    assert.equal(busy.body.code, 'deptHasEmployees');
    const leaf = await create(acme.adminToken, { kind: 'org', name: 'Leaf', parent: ids.it });
    await create(acme.adminToken, { kind: 'org', name: 'Leaf child', parent: leaf });
    const gone = await t.call(r.structureDelete, { token: acme.adminToken, params: { id: ids.it } });
    assert.equal(gone.status, 200, JSON.stringify(gone.body));
    assert.equal(gone.body.result.deleted, 3);
    assert.deepEqual(
      (await tree(acme.adminToken, acme.client._id, { kind: 'org' })).map((d) => d.name),
      ['Acme', 'Sales & Co', 'East', 'West'],
    );
  });

  it('rights (§6): reading needs structures, changing needs an administrator', async () => {
    await t.call(peopleRoutes.roleRemove, { token: acme.adminToken, params: { userId: emp2.user._id, role: 'structures' } });
    const noRight = await t.login('e2@structco.test', 'employee1');
    assert.equal((await t.call(r.structureByClient, { token: noRight.token, params: { client: acme.client._id } })).status, 403);
    assert.equal((await t.call(r.structureCreate, { token: emp.token, body: { kind: 'org', name: 'Mine', parent: ids.root } })).status, 403);
    assert.equal((await t.call(r.structureUpdate, { token: emp.token, params: { id: ids.east }, body: { name: 'Mine' } })).status, 403);
    assert.equal((await t.call(r.deptUsersClearChief, { token: emp.token, params: { id: ids.east } })).status, 403);
  });

  it('isolation: another client sees none of it and cannot touch it (404), and its own tree is separate', async () => {
    assert.equal((await t.call(r.structureByClient, { token: other.adminToken, params: { client: acme.client._id } })).status, 404);
    assert.equal((await t.call(r.deptUsersByClient, { token: other.adminToken, params: { client: acme.client._id } })).status, 404);
    assert.equal((await t.call(r.structureByClient, { token: other.adminToken, params: { client: other.client._id }, query: { root: ids.root } })).status, 404);
    assert.equal((await t.call(r.structureUpdate, { token: other.adminToken, params: { id: ids.east }, body: { name: 'Stolen' } })).status, 404);
    assert.equal((await t.call(r.structureDelete, { token: other.adminToken, params: { id: ids.west } })).status, 404);
    assert.equal((await t.call(r.deptUsersClearChief, { token: other.adminToken, params: { id: ids.east } })).status, 404);
    assert.equal((await t.call(r.deptUsersRemove, { token: other.adminToken, params: { dept: ids.east, user: emp.user._id } })).status, 404);
    assert.equal(
      (await t.call(r.deptUsersAdd, { token: other.adminToken, params: { client: other.client._id, dept: ids.east }, body: { users: [other.admin._id] } }))
        .status,
      404,
    );
    const otherRoot = await create(other.adminToken, { kind: 'org', name: 'Other' });
    const moveAcross = await t.call(r.structureUpdate, { token: acme.adminToken, params: { id: ids.east }, body: { parent: otherRoot } });
    assert.equal(moveAcross.status, 400);
    assert.deepEqual(
      (await tree(other.adminToken, other.client._id)).map((d) => d.name),
      ['Other'],
    );
    assert.equal((await tree(acme.adminToken, acme.client._id, { root: ids.east }))[0].name, 'East');
  });
  it('every accepted write publishes its evt.people.department.* / dept_users.updated event (who did it, who is affected); refused and empty writes none', async () => {
    const admin = acme.admin._id;
    /** The events since the last call, once the outbox has published what is pending and `count` have arrived. */
    const seen = async (count = 0) => {
      await t.portal.platform.outbox.published();
      await eventually(() => events.length >= count);
      return events.splice(0).map((e) => {
        assert.equal(e.clientId, acme.client._id);
        assert.equal(e.data.by, admin);
        return { subject: e.subject.replace('evt.people.', ''), ...e.data, by: undefined };
      });
    };
    // Events of the earlier tests (and of the other client) are not this test's.
    await t.portal.platform.outbox.published();
    events.length = 0;
    const root = await create(acme.adminToken, { kind: 'func', name: 'Functions' });
    const a = await create(acme.adminToken, { kind: 'func', name: 'Audit', parent: root });
    const b = await create(acme.adminToken, { kind: 'func', name: 'Budget', parent: root });
    assert.deepEqual(await seen(3), [
      { subject: 'department.created', _id: root, kind: 'func', name: 'Functions', parent: null, by: undefined },
      { subject: 'department.created', _id: a, kind: 'func', name: 'Audit', parent: root, by: undefined },
      { subject: 'department.created', _id: b, kind: 'func', name: 'Budget', parent: root, by: undefined },
    ]);

    assert.equal((await t.call(r.structureUpdate, { token: acme.adminToken, params: { id: a }, body: { parent: b } })).status, 200);
    assert.equal((await t.call(r.structureUpdate, { token: acme.adminToken, params: { id: b }, body: { name: 'Budgets' } })).status, 200);
    assert.equal((await t.call(r.structureUpdate, { token: acme.adminToken, params: { id: b }, body: { parent: a } })).status, 400);
    assert.equal((await t.call(r.structureUpdate, { token: acme.adminToken, params: { id: b }, body: { parent: root } })).status, 200);
    assert.deepEqual(await seen(2), [
      { subject: 'department.updated', _id: a, kind: 'func', name: 'Audit', parent: b, moved: true, by: undefined },
      { subject: 'department.updated', _id: b, kind: 'func', name: 'Budgets', parent: root, moved: false, by: undefined },
    ]);

    const u1 = emp.user._id;
    const u2 = emp2.user._id;
    await t.call(r.deptUsersAdd, { token: acme.adminToken, params: { client: acme.client._id, dept: a }, body: { users: [u1, u2] } });
    await t.call(r.deptUsersAdd, { token: acme.adminToken, params: { client: acme.client._id, dept: a }, body: { users: [u1] } });
    await t.call(r.deptUsersUpdate, { token: acme.adminToken, body: { dept_id: a, headUser: u2 } });
    await t.call(r.deptUsersClearChief, { token: acme.adminToken, params: { id: a } });
    await t.call(r.deptUsersClearChief, { token: acme.adminToken, params: { id: a } });
    await t.call(r.deptUsersRemove, { token: acme.adminToken, params: { dept: a, user: u2 } });
    const rec = (users: string[], added: string[], removed: string[], headUser: string | null, previousHead: string | null) => ({
      subject: 'dept_users.updated',
      _id: a,
      dept_id: a,
      client_id: acme.client._id,
      kind: 'func',
      users,
      headUser,
      added,
      removed,
      previousHead,
      by: undefined,
    });
    const members = (await seen(4)) as { users?: string[]; added?: string[] }[];
    // Membership order is by insertion time, then id: compare as sets.
    for (const m of members) {
      m.users?.sort();
      m.added?.sort();
    }
    assert.deepEqual(members, [
      rec([u1, u2].sort(), [u1, u2].sort(), [], null, null),
      rec([u1, u2].sort(), [], [], u2, null),
      rec([u1, u2].sort(), [], [], null, u2),
      rec([u1], [], [u2], null, null),
    ]);

    // Refused deletions publish nothing; the accepted one names every department it removed.
    assert.equal((await t.call(r.structureDelete, { token: acme.adminToken, params: { id: b } })).status, 400);
    assert.equal((await t.call(r.structureDelete, { token: acme.adminToken, params: { id: root } })).status, 400);
    assert.equal((await t.call(r.deptUsersRemove, { token: acme.adminToken, params: { dept: a, user: u1 } })).status, 200);
    assert.equal((await seen(1)).length, 1, 'only the removal published');
    assert.equal((await t.call(r.structureDelete, { token: acme.adminToken, params: { id: b } })).status, 200);
    const [gone, ...rest] = (await seen(1)) as unknown as { subject: string; ids: string[] }[];
    assert.deepEqual(rest, []);
    assert.equal(gone.subject, 'department.deleted');
    assert.deepEqual(gone.ids.sort(), [a, b].sort());
    assert.deepEqual(gone, { subject: 'department.deleted', _id: b, kind: 'func', name: 'Budgets', ids: gone.ids, by: undefined });
  });
});
