import { afterAll, beforeAll } from '@jest/globals';
import { on, type BusEvent } from '@intranet/platform-bus';
import { ok } from '@intranet/platform-testing';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

/** How the world's portal starts: `testPortal`, or `sharedPortal` for a spec file that shares the worker's (ADR 0013). */
type Open = (overrides?: Partial<Record<string, string>>) => Promise<TestPortal>;
import { tasksEvents, tasksRoutes, type Board } from '@intranet/tasks-contract';

/** The people of a task tracker spec: owner (desk_add), admin of the board, comment member, view member, performer (not a member), outsider. */
export type TaskPeople = Record<'owner' | 'boardAdmin' | 'commenter' | 'viewer' | 'performer' | 'outsider', { id: string; token: string }>;

/**
 * The world of the task tracker's integration specs, set up by beforeAll and closed by afterAll (call it inside a
 * `describe`): a portal (PostgreSQL + NATS when DATABASE_URL/NATS_URL are set, else PGlite and the in-process bus),
 * client `taskco` with its six employees (`u`), client `taskother`, and every tasks event the bus carried (`events`).
 * Fields are filled once beforeAll has run.
 */
export function tasksWorld(open: Open = testPortal, tag = '') {
  const w = {
    t: undefined as unknown as TestPortal,
    co: undefined as unknown as Awaited<ReturnType<TestPortal['makeClient']>>,
    other: undefined as unknown as Awaited<ReturnType<TestPortal['makeClient']>>,
    u: {} as TaskPeople,
    events: [] as BusEvent<Record<string, unknown>>[],
    /** GET api/desk/{id} as `token`, expecting 200. */
    board: async (token: string, id: string) => ok<Board>(await w.t.call(tasksRoutes.deskGet, { token, params: { id } }), 200, 'board'),
    /** Names of a lane's cards in the board's order. */
    laneOrder: (b: Board, lane: string) => b.tasks.filter((x) => x.lane_id === lane).map((x) => x.name),
  };
  const offs: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    w.t = await open({ RATE_LIMIT_SCALE: '1000' });
    w.co = await w.t.makeClient(`taskco${tag}`);
    w.other = await w.t.makeClient(`taskother${tag}`);
    for (const name of ['owner', 'boardAdmin', 'commenter', 'viewer', 'performer', 'outsider'] as const) {
      const e = await w.t.makeEmployee(w.co.adminToken, `${name.toLowerCase()}@taskco${tag}.test`);
      w.u[name] = { id: e.user._id, token: e.token };
    }
    for (const def of Object.values(tasksEvents) as (typeof tasksEvents)[keyof typeof tasksEvents][])
      offs.push(await on(w.t.portal.platform.bus, def as typeof tasksEvents.deskChanged, async (e) => void w.events.push(e as never)));
  });
  afterAll(async () => {
    for (const off of offs) await off();
    await w.t.close();
  });
  return w;
}
