import { clientRoutes } from '@intranet/clients-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { signToken, type TokenPayload } from '@intranet/platform-auth';
import { socialRoutes } from '@intranet/social-contract';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { eventually } from '@intranet/platform-testing';
import { secondGateway, testPortal, type TestPortal } from '@intranet/portal-testing';

describe('realtime socket (§4): namespace per workspace, identify, relay only to that workspace', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let beta: Awaited<ReturnType<TestPortal['makeClient']>>;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await testPortal({}, { listen: true });
    acme = await t.makeClient('acme');
    beta = await t.makeClient('beta');
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  const connect = (ws: string, token: string) => {
    const s = io(`${t.portal.url}/${ws}`, { transports: ['websocket'], auth: { token }, reconnection: false, timeout: 5000 });
    sockets.push(s);
    return s;
  };
  const connected = (s: Socket) =>
    new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', (e) => reject(e));
    });
  const identify = (s: Socket, client_id: string, user_id: string) =>
    new Promise<{ ok: boolean }>((resolve) => s.emit('identify', { client_id, user_id, timestamp: Date.now() }, resolve));
  /** Every event `s` receives, the entries of `batch` frames unpacked in their order (as @intranet/web-session does). */
  const onEvents = (s: Socket, fn: (subject: string, data: unknown) => void) =>
    s.onAny((subject: string, data: unknown) => {
      if (subject === 'batch') for (const [sub, d] of data as [string, unknown][]) fn(sub, d);
      else fn(subject, data);
    });

  it('relays a workspace event to its identified sockets and to no other workspace', async () => {
    const a = connect('acme', acme.adminToken);
    const b = connect('beta', beta.adminToken);
    await Promise.all([connected(a), connected(b)]);
    assert.deepEqual(await identify(a, acme.client._id, acme.admin._id), { ok: true });
    assert.deepEqual(await identify(b, beta.client._id, beta.admin._id), { ok: true });
    const gotA = new Promise((resolve) => a.once('evt.social.post.created', resolve));
    const betaGot: unknown[] = [];
    onEvents(b, (subject, data) => subject === 'evt.social.post.created' && betaGot.push(data));
    await t.portal.platform.bus.publish('evt.social.post.created', acme.client._id, { _id: 'p1' });
    assert.deepEqual(await gotA, { _id: 'p1' });
    // Beta's own event, published after: acme's would have reached b before it.
    await t.portal.platform.bus.publish('evt.social.post.created', beta.client._id, { _id: 'p1-beta' });
    await eventually(() => betaGot.length > 0);
    assert.deepEqual(betaGot, [{ _id: 'p1-beta' }]);
  });

  it('with two gateway processes on one bus, a post made through one reaches sockets of the other (and of itself); closing one disconnects its sockets', async () => {
    // A second gateway as a second process would run it: same bus (in-process or NATS), its own HTTP and Socket.IO.
    const second = await secondGateway(t);
    const url = second.url;
    const onSecondGateway: Socket[] = [];
    try {
      const onSecond = io(`${url}/acme`, { transports: ['websocket'], auth: { token: acme.adminToken }, reconnection: false, timeout: 5000 });
      onSecondGateway.push(onSecond);
      const onFirst = connect('acme', acme.adminToken);
      const betaOnSecond = io(`${url}/beta`, { transports: ['websocket'], auth: { token: beta.adminToken }, reconnection: false, timeout: 5000 });
      onSecondGateway.push(betaOnSecond);
      await Promise.all([connected(onSecond), connected(onFirst), connected(betaOnSecond)]);
      await identify(onSecond, acme.client._id, acme.admin._id);
      await identify(onFirst, acme.client._id, acme.admin._id);
      await identify(betaOnSecond, beta.client._id, beta.admin._id);
      const betaGot: unknown[] = [];
      // Batch frames unpacked too: the post may fall in the workspace's batch window of an earlier event.
      onEvents(betaOnSecond, (subject, data) => subject === 'evt.social.post.created' && betaGot.push(data));
      const marker = `two gateways ${Date.now()}`;
      const isMine = (e: { post?: { message?: string } }) => String(e?.post?.message ?? '').includes(marker);
      const seen = (s: Socket) =>
        new Promise<void>((resolve) =>
          onEvents(s, (subject, e) => subject === 'evt.social.post.created' && isMine(e as { post?: { message?: string } }) && resolve()),
        );
      const both = Promise.all([seen(onSecond), seen(onFirst)]);
      const r = await t.call(socialRoutes.postCreate, { token: acme.adminToken, body: { message: marker } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      await both;
      // Beta's own event, published after acme's post: acme's would have reached beta's socket before it.
      await t.portal.platform.bus.publish('evt.social.post.created', beta.client._id, { _id: 'beta on second' });
      await eventually(() => betaGot.length > 0);
      assert.deepEqual(betaGot, [{ _id: 'beta on second' }]);
      // Shutting a gateway down closes its sockets (an open websocket used to keep close() waiting for ever);
      // the clients see the disconnect and may reconnect to another node.
      const gone = onSecondGateway.map((s) => new Promise<void>((resolve) => s.once('disconnect', () => resolve())));
      await second.close();
      await Promise.all(gone);
      assert.ok(onFirst.connected);
    } finally {
      for (const s of onSecondGateway) s.disconnect();
      await second.close().catch(() => undefined);
    }
  });

  it('targets single users when the event names them', async () => {
    const emp = await t.makeEmployee(acme.adminToken, 'rt@acme.test');
    const admin = connect('acme', acme.adminToken);
    const e = connect('acme', emp.token);
    await Promise.all([connected(admin), connected(e)]);
    await identify(admin, acme.client._id, acme.admin._id);
    await identify(e, acme.client._id, emp.user._id);
    const adminGot: unknown[] = [];
    onEvents(admin, (subject, data) => subject === 'evt.social.notice' && adminGot.push(data));
    const got = new Promise((resolve) => e.once('evt.social.notice', resolve));
    await t.portal.platform.bus.publish('evt.social.notice', acme.client._id, { userIds: [emp.user._id], text: 'hi' });
    assert.deepEqual(await got, { userIds: [emp.user._id], text: 'hi' });
    // A notice for the admin, published after: the employee's would have reached the admin's socket before it.
    await t.portal.platform.bus.publish('evt.social.notice', acme.client._id, { userIds: [acme.admin._id], text: 'for the admin' });
    await eventually(() => adminGot.length > 0);
    assert.deepEqual(adminGot, [{ userIds: [acme.admin._id], text: 'for the admin' }]);
  });

  it("another client's sockets get none of a real post's events (create, like, comment, view, edit, delete through the routes)", async () => {
    const ann = await t.makeEmployee(acme.adminToken, 'ann.rt@acme.test');
    const eve = await t.makeEmployee(beta.adminToken, 'eve.rt@beta.test');
    const a = connect('acme', ann.token);
    const b = connect('beta', eve.token);
    const bAdmin = connect('beta', beta.adminToken);
    await Promise.all([connected(a), connected(b), connected(bAdmin)]);
    assert.deepEqual(await identify(a, acme.client._id, ann.user._id), { ok: true });
    assert.deepEqual(await identify(b, beta.client._id, eve.user._id), { ok: true });
    assert.deepEqual(await identify(bAdmin, beta.client._id, beta.admin._id), { ok: true });
    const gotA: { subject: string; data: unknown }[] = [];
    /** What each of B's two sockets got, in order. */
    const gotB: { subject: string; data: unknown }[][] = [[], []];
    onEvents(a, (subject, data) => gotA.push({ subject, data }));
    onEvents(b, (subject, data) => gotB[0]!.push({ subject, data }));
    onEvents(bAdmin, (subject, data) => gotB[1]!.push({ subject, data }));

    const ok = async (p: Promise<{ status: number; body: any }>) => {
      const r = await p;
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.result;
    };
    const postId = (await ok(t.call(socialRoutes.postCreate, { token: ann.token, body: { message: 'acme only' } })))._id;
    await ok(t.call(socialRoutes.postLike, { token: acme.adminToken, body: { like_type: 'post', post_id: postId } }));
    const commentId = (await ok(t.call(socialRoutes.commentCreate, { token: acme.adminToken, body: { parent_id: postId, message: 'acme comment' } })))._id;
    await ok(t.call(socialRoutes.postLike, { token: ann.token, body: { like_type: 'comment', comment_id: commentId } }));
    await ok(t.call(socialRoutes.postAllView, { token: acme.adminToken, body: { ids: [postId], where: 'feed' } }));
    await ok(t.call(socialRoutes.postUpdate, { token: ann.token, params: { id: postId }, body: { message: 'acme only, edited' } }));
    await ok(t.call(socialRoutes.commentUpdate, { token: acme.adminToken, params: { id: commentId }, body: { message: 'acme comment, edited' } }));
    await ok(t.call(socialRoutes.commentDelete, { token: acme.adminToken, params: { id: commentId } }));
    await ok(t.call(socialRoutes.followAdd, { token: ann.token, body: { user_id: acme.admin._id } }));
    await ok(t.call(socialRoutes.postDelete, { token: ann.token, params: { id: postId } }));

    const expected = [
      'evt.social.post.created',
      'evt.social.like.changed',
      'evt.social.comment.created',
      'evt.social.view.changed',
      'evt.social.post.updated',
      'evt.social.comment.updated',
      'evt.social.comment.deleted',
      'evt.social.follow.changed',
      'evt.social.post.deleted',
    ];
    // A got every event (so they were relayed) ...
    await eventually(() => gotA.some((e) => e.subject === 'evt.social.post.deleted'));
    for (const s of expected)
      assert.ok(
        gotA.some((e) => e.subject === s),
        `acme socket missed ${s}`,
      );
    assert.equal(gotA.filter((e) => e.subject === 'evt.social.like.changed').length, 2);
    // ... and B's sockets, in the same process, got none: B's own post, made after, is the first thing each gets
    // (acme's events would have reached them before it).
    await ok(t.call(socialRoutes.postCreate, { token: eve.token, body: { message: 'beta news' } }));
    const betaNews = (e: { subject: string; data: unknown }) => e.subject === 'evt.social.post.created' && JSON.stringify(e.data).includes('beta news');
    await eventually(() => gotB.every((got) => got.some(betaNews)));
    assert.deepEqual(
      gotB.map((got) => got.slice(0, got.findIndex(betaNews))),
      [[], []],
    );
    assert.ok(!gotA.some((e) => JSON.stringify(e.data).includes('beta news')));
  });

  it('a busy workspace gets its batchable events in batch frames: the first at once, then one frame per window with the newest like count per target', async () => {
    // A workspace of its own: no earlier test's event holds a batch window open.
    const delta = await t.makeClient('delta');
    const emp = await t.makeEmployee(delta.adminToken, 'batch.rt@delta.test');
    const s = connect('delta', emp.token);
    await connected(s);
    assert.deepEqual(await identify(s, delta.client._id, emp.user._id), { ok: true });
    const frames: { at: number; event: string; data: unknown }[] = [];
    s.onAny((event: string, data: unknown) => frames.push({ at: Date.now(), event, data }));
    const bus = t.portal.platform.bus;
    const like = (n: number) => ({ like_type: 'post', target_id: 'p9', post_id: 'p9', liked: true, likes_count: n, user_id: `u${n}` });
    const start = Date.now();
    for (let n = 1; n <= 10; n++) await bus.publish('evt.social.like.changed', delta.client._id, like(n));
    await bus.publish('evt.social.post.created', delta.client._id, { post: { _id: 'n1' } });
    await bus.publish('evt.social.post.created', delta.client._id, { post: { _id: 'n2' } });
    // Not batchable: sent at once even inside the window.
    await bus.publish('evt.social.follow.changed', delta.client._id, { follower_id: 'a', user_id: 'b', following: true, followers: 1 });
    await eventually(() => frames.some((f) => f.event === 'batch'), 3000);
    assert.deepEqual(frames[0], { at: frames[0]!.at, event: 'evt.social.like.changed', data: like(1) });
    assert.equal(frames[1]?.event, 'evt.social.follow.changed');
    assert.ok(frames[1]!.at < frames[2]!.at, 'the follow event did not wait for the window');
    const batch = frames.find((f) => f.event === 'batch')!;
    // Only the newest like of p9 (likes 2..9 superseded), then both posts in their order.
    assert.deepEqual(batch.data, [
      ['evt.social.like.changed', like(10)],
      ['evt.social.post.created', { post: { _id: 'n1' } }],
      ['evt.social.post.created', { post: { _id: 'n2' } }],
    ]);
    // Within the 1 s, and not before the window (500 ms by default).
    assert.ok(batch.at - start < 1000, `batch after ${batch.at - start} ms`);
    assert.ok(batch.at - start >= 400, `batch after only ${batch.at - start} ms`);
    assert.equal(frames.filter((f) => f.event === 'batch').length, 1);
  });

  /** Resolves when the server closes `s` (not when the test does). */
  const dropped = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));
  /**
   * Whether `s` is still connected once everything the server sent it before now has arrived: a round trip on the
   * socket (identify as its own user, answered after any disconnect the server had already decided).
   */
  const stillUp = async (s: Socket, clientId: string, userId: string) => {
    const answer = await Promise.race([identify(s, clientId, userId), dropped(s).then(() => ({ ok: false }))]);
    return answer.ok && s.connected;
  };

  it("signing out elsewhere closes that session's sockets only; the session cannot connect again", async () => {
    await t.makeEmployee(acme.adminToken, 'two.sessions@acme.test');
    const one = await t.login('two.sessions@acme.test', 'employee1');
    const two = await t.login('two.sessions@acme.test', 'employee1');
    const a = connect('acme', one.token);
    const b = connect('acme', two.token);
    await Promise.all([connected(a), connected(b)]);
    assert.deepEqual(await identify(a, acme.client._id, one.user._id), { ok: true });
    assert.deepEqual(await identify(b, acme.client._id, two.user._id), { ok: true });
    const bGone = dropped(b);
    // Signed out over HTTP (another tab, another device): no 'user-logout' reaches this socket.
    assert.equal((await t.call(peopleRoutes.authLogout, { token: two.token, body: {} })).status, 200);
    assert.equal(await bGone, 'io server disconnect');
    assert.equal(await stillUp(a, acme.client._id, one.user._id), true, 'the other session keeps its socket');
    // Batch frames unpacked too: the event may fall in the workspace's batch window of the test before.
    const got = new Promise((resolve) => onEvents(a, (subject, d) => subject === 'evt.social.post.created' && resolve(d)));
    await t.portal.platform.bus.publish('evt.social.post.created', acme.client._id, { _id: 'p2' });
    assert.deepEqual(await got, { _id: 'p2' });
    await assert.rejects(connected(connect('acme', two.token)));
  });

  it('a password reset by the administrator closes every socket of that user', async () => {
    const emp = await t.makeEmployee(acme.adminToken, 'reset.rt@acme.test');
    const other = await t.login('reset.rt@acme.test', 'employee1');
    const s1 = connect('acme', emp.token);
    const s2 = connect('acme', other.token);
    const admin = connect('acme', acme.adminToken);
    await Promise.all([connected(s1), connected(s2), connected(admin)]);
    const gone = Promise.all([dropped(s1), dropped(s2)]);
    const r = await t.call(peopleRoutes.authResetHard, {
      token: acme.adminToken,
      body: { user_id: emp.user._id, password: 'fresh12345', confirmPassword: 'fresh12345' },
    });
    assert.equal(r.status, 200);
    assert.deepEqual(await gone, ['io server disconnect', 'io server disconnect']);
    assert.equal(await stillUp(admin, acme.client._id, acme.admin._id), true);
  });

  it('deleting a user closes their sockets, identified or not', async () => {
    const emp = await t.makeEmployee(acme.adminToken, 'fired.rt@acme.test');
    const identified = connect('acme', emp.token);
    const silent = connect('acme', emp.token);
    const admin = connect('acme', acme.adminToken);
    await Promise.all([connected(identified), connected(silent), connected(admin)]);
    assert.deepEqual(await identify(identified, acme.client._id, emp.user._id), { ok: true });
    const gone = Promise.all([dropped(identified), dropped(silent)]);
    assert.equal((await t.call(peopleRoutes.userDelete, { token: acme.adminToken, params: { id: emp.user._id } })).status, 200);
    assert.deepEqual(await gone, ['io server disconnect', 'io server disconnect']);
    assert.equal(await stillUp(admin, acme.client._id, acme.admin._id), true);
    await assert.rejects(connected(connect('acme', emp.token)));
  });

  it("blocking a client closes all its sockets and no other client's", async () => {
    const gamma = await t.makeClient('gamma');
    const emp = await t.makeEmployee(gamma.adminToken, 'worker@gamma.test');
    const g1 = connect('gamma', gamma.adminToken);
    const g2 = connect('gamma', emp.token);
    const other = connect('beta', beta.adminToken);
    await Promise.all([connected(g1), connected(g2), connected(other)]);
    assert.deepEqual(await identify(g2, gamma.client._id, emp.user._id), { ok: true });
    // Another change to an active client closes nothing. Its event comes before the block's (one subject, in order
    // of the changes), so once gamma's sockets are gone the gateway has acted on both.
    assert.equal(
      (await t.call(clientRoutes.clientUpdate, { token: beta.superToken, params: { id: beta.client._id }, body: { name: 'Beta renamed' } })).status,
      200,
    );
    const gone = Promise.all([dropped(g1), dropped(g2)]);
    const r = await t.call(clientRoutes.clientUpdate, { token: gamma.superToken, params: { id: gamma.client._id }, body: { status: 'blocked' } });
    assert.equal(r.status, 200);
    assert.deepEqual(await gone, ['io server disconnect', 'io server disconnect']);
    assert.equal(await stillUp(other, beta.client._id, beta.admin._id), true);
    await assert.rejects(connected(connect('gamma', emp.token)));
  });

  it('a socket is closed when its token expires', async () => {
    const payload = JSON.parse(Buffer.from(acme.adminToken.split('.')[1], 'base64url').toString()) as TokenPayload;
    // The same live session, in a token that expires in two seconds.
    const short = signToken({ client_id: payload.client_id, result: payload.result, sid: payload.sid }, t.config.JWT_SECRET!, 2);
    const s = connect('acme', short);
    const keep = connect('acme', acme.adminToken);
    await Promise.all([connected(s), connected(keep)]);
    assert.deepEqual(await identify(s, acme.client._id, acme.admin._id), { ok: true });
    const started = Date.now();
    assert.equal(await dropped(s), 'io server disconnect');
    assert.ok(Date.now() - started < 3_500);
    assert.equal(keep.connected, true, 'the long-lived token of the same session keeps its socket');
  });

  it("refuses another workspace's namespace, a bad token and a false identity", async () => {
    await assert.rejects(connected(connect('acme', beta.adminToken)));
    await assert.rejects(connected(connect('acme', 'not-a-token')));
    const s = connect('acme', acme.adminToken);
    await connected(s);
    const gone = new Promise((resolve) => s.once('disconnect', resolve));
    assert.deepEqual(await identify(s, acme.client._id, beta.admin._id), { ok: false });
    await gone;
  });
});
