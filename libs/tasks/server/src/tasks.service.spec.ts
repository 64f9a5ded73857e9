import 'reflect-metadata';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { Test, type TestingModule } from '@nestjs/testing';
import type { RequestContext } from '@intranet/platform-bus';
import { DomainError } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { TASKS_CODES, type DeskRole } from '@intranet/tasks-contract';
import { Boards } from './boards.ts';
import { TasksPeople } from './people.ts';
import { DesksRepository, LanesRepository, TasksRepository, type DeskRow, type TaskRow } from './tasks.repository.ts';
import { TasksService } from './tasks.service.ts';

const CLIENT = '0190f2c4-0000-7000-8000-0000000000aa';
const ME = '0190f2c4-0000-7000-8000-000000000001';
const ctx = (userId: string | null = ME): RequestContext => ({ clientId: CLIENT, userId, roles: ['employee'], workspace: null, lang: 'en' });

/** What the fakes hold: the task, the board's status and the caller's role on it. */
let task: TaskRow | undefined;
let deskStatus: 'active' | 'finished' = 'active';
let role: DeskRole = 'view';
const updates: unknown[] = [];

const at = new Date('2026-11-27T10:00:00Z');
const aTask = (over: Partial<TaskRow> = {}): TaskRow =>
  ({
    id: 't1',
    clientId: CLIENT,
    deskId: 'd1',
    laneId: 'l1',
    position: 'a0',
    name: 'Task',
    description: '',
    color: null,
    border: null,
    priority: 'normal',
    tags: [],
    checklist: [],
    attachments: [],
    planHours: null,
    actualHours: null,
    ownerId: 'o1',
    performerId: null,
    coPerformers: [],
    observers: [],
    deadline: null,
    type: 'open',
    createdAt: at,
    updatedAt: at,
    ...over,
  }) as TaskRow;

/** TasksService's decisions with the repositories, the board steps and people replaced by fakes (no database, no bus). */
describe('TasksService.taskUpdate (§6: who changes which fields; Nest DI, repositories as useValue)', () => {
  let app: TestingModule;
  let svc: TasksService;

  beforeAll(async () => {
    const boards: Partial<Boards> = {
      of: async () => ({ desk: { id: 'd1', status: deskStatus, ownerId: 'o1' } as DeskRow, role, people: [] }),
      audience: async () => [],
    };
    const tasks: Partial<TasksRepository> = {
      byId: async () => task,
      update: async (_tx, _id, set) => {
        updates.push(set);
        return { ...task!, ...set } as TaskRow;
      },
    };
    app = await Test.createTestingModule({
      providers: [
        TasksService,
        { provide: PORTS.db, useValue: { inTenant: (_ctx: unknown, fn: (tx: unknown) => unknown) => fn({}) } },
        { provide: PORTS.outbox, useValue: { add: async () => undefined } },
        { provide: Boards, useValue: boards },
        { provide: TasksPeople, useValue: { ensureUsers: async () => undefined } },
        { provide: DesksRepository, useValue: {} },
        { provide: LanesRepository, useValue: {} },
        { provide: TasksRepository, useValue: tasks },
      ],
    }).compile();
    svc = app.get(TasksService);
  });
  afterAll(async () => {
    await app?.close();
  });

  const update = (body: Record<string, unknown>, c = ctx()) => svc.taskUpdate({ params: { id: 't1' }, query: {}, body } as never, c);
  /** The DomainError `p` rejects with, as `status:code`. */
  const refusal = async (p: Promise<unknown>): Promise<string> => {
    const err = await p.then(
      () => assert.fail('expected a refusal'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof DomainError, String(err));
    return `${err.status}:${err.code}`;
  };

  it('the performer changes the status, checklist and actual hours, and nothing else (403)', async () => {
    task = aTask({ performerId: ME });
    role = 'view';
    deskStatus = 'active';
    const done = await update({ type: 'closed', actual_hours: 2 });
    assert.deepEqual([done.type, done.actual_hours, done.can], ['closed', 2, 'progress']);
    assert.equal(await refusal(update({ type: 'active', name: 'Renamed' })), '403:no_access');
  });

  it('a viewer changes nothing (403); an admin anything; a finished board nothing (409); an unknown task 404', async () => {
    task = aTask();
    role = 'comment';
    assert.equal(await refusal(update({ type: 'closed' })), '403:no_access');
    role = 'admin';
    assert.equal((await update({ name: 'Renamed' })).name, 'Renamed');
    deskStatus = 'finished';
    assert.equal(await refusal(update({ name: 'Again' })), `409:${TASKS_CODES.deskFinished}`);
    deskStatus = 'active';
    task = undefined;
    assert.equal(await refusal(update({ name: 'x' })), '404:not_found');
  });

  it('a context without a user is refused with 403 No access before anything is read', async () => {
    const before = updates.length;
    assert.equal(await refusal(update({ name: 'x' }, ctx(null))), '403:no_access');
    assert.equal(updates.length, before);
  });
});
