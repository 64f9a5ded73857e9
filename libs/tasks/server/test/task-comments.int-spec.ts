import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { on, type BusEvent } from '@intranet/platform-bus';
import { socialEvents, socialRoutes } from '@intranet/social-contract';
import { tasksRoutes, type Desk, type Task } from '@intranet/tasks-contract';
import { eventually, eventuallyPasses, ok } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

/**
 * Comments of a task (§3 Post and Comment with parent type `task`, §6 board rights): social asks the tasks service
 * over the bus (tasks.internal.commentAccess) who may read and comment a task and who hears of its comments.
 * Through the real gateway and bus (PostgreSQL + NATS when DATABASE_URL/NATS_URL are set, else PGlite in-process).
 */
describe('task comments (§3 Comment parent task, §6)', () => {
  let t: TestPortal;
  let co: Awaited<ReturnType<TestPortal['makeClient']>>;
  let other: Awaited<ReturnType<TestPortal['makeClient']>>;
  const u: Record<'owner' | 'commenter' | 'viewer' | 'performer' | 'outsider', { id: string; token: string }> = {} as never;
  let foreign: { id: string; token: string };
  let desk: Desk;
  let task: Task;
  const events: BusEvent<Record<string, unknown>>[] = [];
  let off: () => Promise<void>;

  const comment = (token: string, message: string, taskId = task._id) =>
    t.call(socialRoutes.postCreate, { token, body: { message, parent: { type: 'task', id: taskId } } });
  const list = (token: string, taskId = task._id) => t.call(socialRoutes.postQuery, { token, query: { parent_type: 'task', parent_id: taskId } });

  beforeAll(async () => {
    t = await sharedPortal({ RATE_LIMIT_SCALE: '1000' });
    co = await t.makeClient('tcomco');
    other = await t.makeClient('tcomother');
    for (const name of ['owner', 'commenter', 'viewer', 'performer', 'outsider'] as const) {
      const e = await t.makeEmployee(co.adminToken, `${name}@tcomco.test`);
      u[name] = { id: e.user._id, token: e.token };
    }
    const f = await t.makeEmployee(other.adminToken, 'foreign@tcomother.test');
    foreign = { id: f.user._id, token: f.token };
    const offCreated = await on(t.portal.platform.bus, socialEvents.postCreated, async (e) => void events.push(e as never));
    const offDeleted = await on(t.portal.platform.bus, socialEvents.postDeleted, async (e) => void events.push(e as never));
    off = async () => {
      await offCreated();
      await offDeleted();
    };
    desk = ok<Desk>(
      await t.call(tasksRoutes.deskCreate, {
        token: u.owner.token,
        body: {
          name: 'Comments',
          lanes: ['To do'],
          members: [
            { user: u.commenter.id, right: 'comment' },
            { user: u.viewer.id, right: 'view' },
          ],
        },
      }),
      200,
      'desk',
    );
    task = ok<Task>(
      await t.call(tasksRoutes.taskAdd, {
        token: u.owner.token,
        params: { desk_id: desk._id, lane_id: desk.lanes[0]!._id },
        body: { name: 'Discuss', performer: u.performer.id },
      }),
      200,
      'task',
    );
  });
  afterAll(async () => {
    await off?.();
    await t.close();
  });

  it('a comment member, the owner and the performer comment; the comment goes to the board and task people only, never to the wall', async () => {
    const c = ok<{ _id: string; parent: { type: string; id: string } }>(await comment(u.commenter.token, 'First thoughts'), 200, 'commenter');
    assert.deepEqual([c.parent.type, c.parent.id], ['task', task._id]);
    ok(await comment(u.owner.token, 'Owner reply'), 200, 'owner');
    ok(await comment(u.performer.token, 'On it'), 200, 'performer');
    // An answer under a task's post: the wall's comment mechanics, with the same rights.
    ok(
      await t.call(socialRoutes.commentCreate, { token: u.commenter.token, body: { parent_type: 'post', parent_id: c._id, message: 'Detail' } }),
      200,
      'answer',
    );

    const page = ok<{ posts: { message: string; comments_count: number }[] }>(await list(u.viewer.token), 200, 'viewer reads');
    assert.deepEqual(
      page.posts.map((p) => p.message),
      ['On it', 'Owner reply', 'First thoughts'],
    );
    assert.equal(page.posts[2]!.comments_count, 1);

    const wall = ok<{ posts: { message: string }[] }>(
      await t.call(socialRoutes.postClient, { token: u.outsider.token, params: { id: co.client._id }, query: {} }),
      200,
    );
    assert.ok(!wall.posts.some((p) => p.message === 'First thoughts'), 'not on the wall');
    const byAuthor = ok<{ posts: unknown[] }>(await t.call(socialRoutes.postUser, { token: u.outsider.token, params: { id: u.commenter.id }, query: {} }));
    assert.equal(byAuthor.posts.length, 0, 'not in an author feed');

    // evt.social.post.created
    const e = await eventually(() => events.find((x) => (x.data.post as { _id: string })._id === c._id));
    assert.deepEqual(new Set(e.data.userIds as string[]), new Set([u.owner.id, u.commenter.id, u.viewer.id, u.performer.id]));
  });

  it('a view member reads but may not comment (403); an outsider of the board gets 404 for every read and write', async () => {
    const refused = await comment(u.viewer.token, 'May I?');
    assert.equal(refused.status, 403);
    const [first] = ok<{ posts: { _id: string }[] }>(await list(u.owner.token)).posts.slice(-1);
    const answer = await t.call(socialRoutes.commentCreate, { token: u.viewer.token, body: { parent_type: 'post', parent_id: first!._id, message: 'Me too' } });
    assert.equal(answer.status, 403);
    ok(await t.call(socialRoutes.postGet, { token: u.viewer.token, params: { id: first!._id } }), 200, 'viewer opens the post');

    assert.equal((await comment(u.outsider.token, 'Let me in')).status, 404);
    assert.equal((await list(u.outsider.token)).status, 404);
    assert.equal((await t.call(socialRoutes.postGet, { token: u.outsider.token, params: { id: first!._id } })).status, 404);
    const like = await t.call(socialRoutes.postLike, { token: u.outsider.token, body: { like_type: 'post', post_id: first!._id } });
    assert.equal(like.status, 404);
    const answerOut = await t.call(socialRoutes.commentCreate, {
      token: u.outsider.token,
      body: { parent_type: 'post', parent_id: first!._id, message: 'Hi' },
    });
    assert.equal(answerOut.status, 404);
    // A query without the task's id never lists tasks' posts.
    const all = ok<{ posts: unknown[] }>(await t.call(socialRoutes.postQuery, { token: u.outsider.token, query: { parent_type: 'task' } }));
    assert.equal(all.posts.length, 0);
  });

  it("another client's user cannot read, comment or list the task's comments (404), nor a task id of their own client's namespace", async () => {
    const [first] = ok<{ posts: { _id: string }[] }>(await list(u.owner.token)).posts;
    assert.equal((await comment(foreign.token, 'Cross-tenant')).status, 404);
    assert.equal((await list(foreign.token)).status, 404);
    assert.equal((await t.call(socialRoutes.postGet, { token: foreign.token, params: { id: first!._id } })).status, 404);
    assert.equal((await t.call(socialRoutes.postGet, { token: other.adminToken, params: { id: first!._id } })).status, 404);
    // A task that is not there: 404, even for an administrator.
    assert.equal((await comment(co.adminToken, 'Nothing', '0190a1b2-0000-7000-8000-000000000000')).status, 404);
  });

  it("deleting the task deletes its comments (evt.social.post.deleted to the task's people)", async () => {
    const ids = ok<{ posts: { _id: string }[] }>(await list(u.owner.token)).posts.map((p) => p._id);
    assert.equal(ids.length, 3);
    ok(await t.call(tasksRoutes.taskDelete, { token: u.owner.token, params: { id: task._id } }), 200, 'task delete');
    const gone = () => events.filter((e) => e.subject === socialEvents.postDeleted.subject && ids.includes(e.data._id as string));
    await eventuallyPasses(() => assert.deepEqual(new Set(gone().map((e) => e.data._id)), new Set(ids)));
    assert.ok(gone().every((e) => (e.data.userIds as string[]).includes(u.commenter.id)));
  });
});
