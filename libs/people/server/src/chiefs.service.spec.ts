import { Test, type TestingModule } from '@nestjs/testing';
import type { RequestContext } from '@intranet/platform-bus';
import type { Tx } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import { afterAll, beforeAll, beforeEach, describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import { ChiefsService } from './chiefs.service.ts';
import type { UserRow } from './schema.ts';
import { StructureRepository } from './structure.repository.ts';
import { UsersRepository } from './users.repository.ts';

const tx = {} as Tx;
const user = (id: string, chiefCode: string | null = null) => ({ id, chiefCode, deletionMark: false }) as UserRow;
const ctx = (userId: string, roles: string[] = ['employee']): RequestContext => ({ clientId: 'c1', userId, roles, workspace: null, lang: 'en' });

/** The structure as the fake repository answers it: the chief per kind, the chief by code, who heads what. */
const world = {
  users: new Map<string, UserRow>(),
  adm: new Map<string, UserRow>(),
  org: new Map<string, UserRow>(),
  byCode: new Map<string, UserRow>(),
  inSubtrees: [] as string[],
  withCode: [] as string[],
  calls: [] as string[],
};

const structureFake: Partial<StructureRepository> = {
  chiefFromStructure: async (_tx, u, kind) => {
    world.calls.push(`${kind}:${u.id}`);
    return world[kind].get(u.id);
  },
  chiefFromCode: async (_tx, u, code) => {
    world.calls.push(`code:${u.id}:${code}`);
    return world.byCode.get(code);
  },
  headed: async () => [{ kind: 'adm', path: '/root/' }],
  inSubtrees: async (_tx, ids) => world.inSubtrees.filter((id) => ids.includes(id)),
  withChiefCode: async (_tx, ids) => world.withCode.filter((id) => ids.includes(id)),
};
const usersFake: Partial<UsersRepository> = { byId: async (_tx, id) => world.users.get(id) };

describe('ChiefsService: who is whose direct chief (lookup directChief, vacation approval)', () => {
  let app: TestingModule;
  let chiefs: ChiefsService;
  beforeAll(async () => {
    app = await Test.createTestingModule({
      providers: [
        ChiefsService,
        { provide: StructureRepository, useValue: structureFake },
        { provide: UsersRepository, useValue: usersFake },
        { provide: PORTS.db, useValue: {} },
      ],
    }).compile();
    chiefs = app.get(ChiefsService);
  });
  afterAll(async () => app.close());
  beforeEach(() => {
    for (const m of [world.users, world.adm, world.org, world.byCode]) m.clear();
    world.inSubtrees = [];
    world.withCode = [];
    world.calls = [];
  });

  it('administrative structure first, then the organisational one, then chiefCode; the first that names someone wins', async () => {
    world.adm.set('ann', user('adm-head'));
    world.org.set('ann', user('org-head'));
    assert.equal((await chiefs.directChiefOf(tx, user('ann', 'boss')))?.id, 'adm-head');
    assert.deepEqual(world.calls, ['adm:ann']);
    world.adm.clear();
    world.calls = [];
    assert.equal((await chiefs.directChiefOf(tx, user('ann', 'boss')))?.id, 'org-head');
    world.org.clear();
    world.byCode.set('boss', user('boss-id'));
    assert.equal((await chiefs.directChiefOf(tx, user('ann', '  boss  ')))?.id, 'boss-id');
    assert.deepEqual(world.calls.at(-1), 'code:ann:boss', 'the code is trimmed');
  });

  it('no structure and a blank chiefCode: no chief, and the code is not looked up', async () => {
    assert.equal(await chiefs.directChiefOf(tx, user('ann', '   ')), undefined);
    assert.deepEqual(world.calls, ['adm:ann', 'org:ann']);
  });

  it('nobody is their own direct chief; an unknown employee has none', async () => {
    world.users.set('ann', user('ann'));
    world.adm.set('ann', user('chief'));
    assert.equal(await chiefs.isDirectChief(tx, ctx('chief'), 'ann'), true);
    assert.equal(await chiefs.isDirectChief(tx, ctx('ann'), 'ann'), false);
    assert.equal(await chiefs.isDirectChief(tx, ctx('chief'), 'nobody'), false);
    assert.equal(await chiefs.isDirectChief(tx, ctx('other'), 'ann'), false);
  });

  it('vacation rights ask the structure only when the caller is neither the employee nor an editor', async () => {
    world.users.set('ann', user('ann'));
    world.adm.set('ann', user('chief'));
    assert.deepEqual(await chiefs.vacationRights(tx, ctx('chief'), 'ann'), { own: false, editor: false, approver: true });
    world.calls = [];
    assert.deepEqual(await chiefs.vacationRights(tx, ctx('m', ['vacations_edit']), 'ann'), { own: false, editor: true, approver: true });
    assert.deepEqual(await chiefs.vacationRights(tx, ctx('ann'), 'ann'), { own: true, editor: false, approver: false });
    assert.deepEqual(world.calls, []);
  });

  it('approvable ids: everyone but the caller for an editor; else only candidates whose direct chief is the caller', async () => {
    assert.deepEqual(await chiefs.approvableIds(tx, ctx('m', ['vacations_edit']), ['ann', 'm', 'bob']), ['ann', 'bob']);
    for (const id of ['ann', 'bob', 'cid']) world.users.set(id, user(id));
    world.adm.set('ann', user('chief'));
    world.adm.set('bob', user('someone-else'));
    world.byCode.set('chief', user('chief'));
    world.users.set('cid', user('cid', 'chief'));
    world.inSubtrees = ['ann', 'bob', 'chief'];
    world.withCode = ['cid'];
    assert.deepEqual(await chiefs.approvableIds(tx, ctx('chief'), ['ann', 'bob', 'cid', 'chief', 'dan']), ['ann', 'cid']);
    assert.deepEqual(await chiefs.approvableIds(tx, ctx('chief'), []), []);
  });
});
