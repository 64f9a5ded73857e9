import { peopleRoutes } from '@intranet/people-contract';
import { projectEvents, projectRoutes as r, structureRoutes, type ProjectEvent } from '@intranet/people-contract/structure';
import { on, type BusEvent } from '@intranet/platform-bus';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { eventually } from '@intranet/platform-testing';

type Made = Awaited<ReturnType<TestPortal['makeClient']>>;
type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;

describe('projects (§7 Projects, §3 project: creator, participants)', () => {
  let t: TestPortal;
  let acme: Made;
  let other: Made;
  let ann: Emp;
  let bob: Emp;
  const events: BusEvent<ProjectEvent>[] = [];
  /**
   * The project events of `id` seen on the bus so far, as `verb:by`, once this process's outbox has published what
   * is pending and `count` of them have arrived.
   */
  const eventsOf = async (id: string, count: number) => {
    await t.portal.platform.outbox.published();
    const of = () => events.filter((e) => e.data._id === id);
    await eventually(() => of().length >= count);
    return of().map((e) => `${e.subject.split('.').pop()}:${e.data.by}`);
  };

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('projco');
    other = await t.makeClient('projother');
    ann = await t.makeEmployee(acme.adminToken, 'ann@projco.test');
    bob = await t.makeEmployee(acme.adminToken, 'bob@projco.test');
    for (const def of Object.values(projectEvents)) await on(t.portal.platform.bus, def, async (e) => void events.push(e));
  });
  afterAll(() => t.close());

  it('an employee creates, reads, changes and deletes their project; participants are added and replaced', async () => {
    const made = await t.call(r.projectCreate, { token: ann.token, body: { name: 'Apollo', participants: [bob.user._id] } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const p = made.body.result;
    assert.equal(p.creatorId, ann.user._id);
    assert.deepEqual(p.participants, [bob.user._id]);

    const added = await t.call(r.projectParticipantAdd, { token: ann.token, body: { project_id: p._id, users: [ann.user._id, bob.user._id] } });
    assert.deepEqual(added.body.result.participants.sort(), [ann.user._id, bob.user._id].sort());
    const list = await t.call(r.projectList, { token: bob.token });
    assert.deepEqual(
      list.body.result.map((x: { name: string }) => x.name),
      ['Apollo'],
    );
    const changed = await t.call(r.projectUpdate, { token: ann.token, params: { id: p._id }, body: { name: 'Apollo 2', participants: [ann.user._id] } });
    assert.equal(changed.body.result.name, 'Apollo 2');
    assert.deepEqual(changed.body.result.participants, [ann.user._id]);
    assert.equal((await t.call(r.projectGet, { token: bob.token, params: { id: p._id } })).body.result.name, 'Apollo 2');

    // Only its creator or an administrator changes it.
    assert.equal((await t.call(r.projectUpdate, { token: bob.token, params: { id: p._id }, body: { name: 'Mine' } })).status, 403);
    assert.equal((await t.call(r.projectParticipantAdd, { token: bob.token, body: { project_id: p._id, users: [bob.user._id] } })).status, 403);
    assert.equal((await t.call(r.projectDelete, { token: bob.token, params: { id: p._id } })).status, 403);
    assert.equal((await t.call(r.projectUpdate, { token: acme.adminToken, params: { id: p._id }, body: { description: 'By the admin' } })).status, 200);
    assert.equal((await t.call(r.projectDelete, { token: ann.token, params: { id: p._id } })).status, 200);
    assert.equal((await t.call(r.projectGet, { token: ann.token, params: { id: p._id } })).status, 404);

    // Every accepted write published its event through the outbox (the refused ones none), with who did it.
    const admin = acme.admin._id;
    assert.deepEqual(await eventsOf(p._id, 5), [
      `created:${ann.user._id}`,
      `updated:${ann.user._id}`,
      `updated:${ann.user._id}`,
      `updated:${admin}`,
      `deleted:${ann.user._id}`,
    ]);
    const created = events.find((e) => e.subject === projectEvents.projectCreated.subject && e.data._id === p._id)!;
    assert.equal(created.clientId, acme.client._id);
    assert.equal(created.data.creatorId, ann.user._id);
    assert.deepEqual(created.data.participants, [bob.user._id]);
    // The deletion carries the project's last state (its people, for consumers).
    const deleted = events.find((e) => e.subject === projectEvents.projectDeleted.subject && e.data._id === p._id)!;
    assert.equal(deleted.data.name, 'Apollo 2');
    assert.equal(deleted.data.description, 'By the admin');
    assert.deepEqual(deleted.data.participants, [ann.user._id]);
  });

  it("a project's department must be of the project structure; participants must be the client's employees", async () => {
    const root = (await t.call(structureRoutes.structureCreate, { token: acme.adminToken, body: { kind: 'project', name: 'Projects' } })).body.result._id;
    const orgRoot = (await t.call(structureRoutes.structureCreate, { token: acme.adminToken, body: { kind: 'org', name: 'Org' } })).body.result._id;
    const ok = await t.call(r.projectCreate, { token: ann.token, body: { name: 'Gemini', dept_id: root } });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.result.dept_id, root);
    const wrongKind = await t.call(r.projectCreate, { token: ann.token, body: { name: 'Mercury', dept_id: orgRoot } });
    assert.equal(wrongKind.status, 400);
    assert.equal(wrongKind.body.errors[0].code, 'projectDeptKind');
    const foreign = await t.call(r.projectCreate, { token: ann.token, body: { name: 'Vostok', participants: [other.admin._id] } });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.errors[0].field, 'participants');
    // Refused writes publish nothing.
    assert.deepEqual(
      (await eventsOf(ok.body.result._id, 1)).map((x) => x.split(':')[0]),
      ['created'],
    );
    assert.equal(events.filter((e) => ['Mercury', 'Vostok'].includes(e.data.name)).length, 0);
  });

  it('rights and isolation: structures is needed; another client sees nothing and changes nothing (404)', async () => {
    const p = (await t.call(r.projectCreate, { token: ann.token, body: { name: 'Secret project' } })).body.result;
    await t.call(peopleRoutes.roleRemove, { token: acme.adminToken, params: { userId: bob.user._id, role: 'structures' } });
    const noRight = await t.login('bob@projco.test', 'employee1');
    assert.equal((await t.call(r.projectList, { token: noRight.token })).status, 403);
    const theirs = await t.call(r.projectList, { token: other.adminToken });
    assert.equal(theirs.status, 200);
    assert.deepEqual(theirs.body.result, []);
    assert.equal((await t.call(r.projectGet, { token: other.adminToken, params: { id: p._id } })).status, 404);
    assert.equal((await t.call(r.projectUpdate, { token: other.adminToken, params: { id: p._id }, body: { name: 'Stolen' } })).status, 404);
    assert.equal((await t.call(r.projectDelete, { token: other.adminToken, params: { id: p._id } })).status, 404);
    assert.equal((await t.call(r.projectParticipantAdd, { token: other.adminToken, body: { project_id: p._id, users: [other.admin._id] } })).status, 404);
  });
});
