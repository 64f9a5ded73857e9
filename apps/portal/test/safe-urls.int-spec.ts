import { clientRoutes } from '@intranet/clients-contract';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { socialRoutes } from '@intranet/social-contract';
import { tasksRoutes } from '@intranet/tasks-contract';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

/**
 * Issue 38 §8: URL fields take only http(s), mailto and the portal's own paths (`/…`); `javascript:`, `data:` and
 * protocol-relative `//host` links are the §5 'Invalid URL' field error (code `url`) and nothing is stored.
 */
describe('URL fields: http(s), mailto or a portal path only (issue 38 §8)', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let emp: Awaited<ReturnType<TestPortal['makeEmployee']>>;
  const BAD = [
    'javascript:alert(document.cookie)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.test/x',
  ];

  /** The one field error of a refused body: status 400 with `field` and code `url`. */
  const refusedAsUrl = (r: { status: number; body: any }, field: string) => {
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.deepEqual(
      r.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [[field, 'url']],
    );
  };

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('safeurls');
    emp = await t.makeEmployee(acme.adminToken, 'emp@safeurls.test');
  });
  afterAll(() => t.close());

  it("a user's avatar and social links: refused, the profile unchanged; safe ones stored", async () => {
    for (const bad of BAD) {
      refusedAsUrl(await t.call(peopleRoutes.userUpdate, { token: emp.token, params: { id: emp.user._id }, body: { avatar: bad } }), 'avatar');
      refusedAsUrl(await t.call(peopleRoutes.userUpdate, { token: emp.token, params: { id: emp.user._id }, body: { social: { vk: bad } } }), 'social.vk');
    }
    const stored = (await t.call(peopleRoutes.userGet, { token: emp.token, params: { id: emp.user._id } })).body.result;
    assert.equal(stored.avatar, null);
    assert.deepEqual(stored.social, {});
    const social = { site: 'https://example.test/me', mail: 'mailto:emp@safeurls.test' };
    const ok = await t.call(peopleRoutes.userUpdate, { token: emp.token, params: { id: emp.user._id }, body: { avatar: '/api/files/x/avatar/a.png', social } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.result.avatar, '/api/files/x/avatar/a.png');
    assert.deepEqual(ok.body.result.social, social);
  });

  it('the notification link: refused, nobody notified', async () => {
    for (const bad of BAD) {
      const r = await t.call(notificationsRoutes.notificationCreate, { token: acme.adminToken, body: { user_ids: [emp.user._id], title: 'Hello', link: bad } });
      refusedAsUrl(r, 'link');
    }
    const unread = await t.call(notificationsRoutes.notificationUnread, { token: emp.token, params: { client: acme.client._id, user: emp.user._id } });
    assert.equal(unread.status, 200, JSON.stringify(unread.body));
    assert.equal(unread.body.result.count, 0);
    const ok = await t.call(notificationsRoutes.notificationCreate, {
      token: acme.adminToken,
      body: { user_ids: [emp.user._id], title: 'Hello', link: '/tasks' },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  });

  it("a task's attachment URL and the client's HR system URL", async () => {
    for (const bad of BAD) {
      const r = await t.call(tasksRoutes.taskCreate, {
        token: acme.adminToken,
        body: { name: 'T', desk_id: randomUUID(), lane_id: randomUUID(), attachments: [{ url: bad, name: 'x.pdf' }] },
      });
      refusedAsUrl(r, 'attachments.0.url');
      const c = await t.call(clientRoutes.clientUpdate, { token: acme.adminToken, params: { id: acme.client._id }, body: { hr: { url: bad } } });
      refusedAsUrl(c, 'hr.url');
    }
  });

  it("a group's cover: refused on create and update, the group unchanged; an uploaded file's URL stored", async () => {
    for (const bad of BAD) {
      const c = await t.call(socialRoutes.groupCreate, { token: acme.adminToken, body: { name: 'Covers', description: 'x', type: 'public', cover: bad } });
      refusedAsUrl(c, 'cover');
    }
    const g = await t.call(socialRoutes.groupCreate, { token: acme.adminToken, body: { name: 'Covers', description: 'x', type: 'public' } });
    assert.equal(g.status, 200, JSON.stringify(g.body));
    for (const bad of BAD)
      refusedAsUrl(await t.call(socialRoutes.groupUpdate, { token: acme.adminToken, params: { id: g.body.result._id }, body: { cover: bad } }), 'cover');
    assert.equal((await t.call(socialRoutes.groupGet, { token: acme.adminToken, params: { id: g.body.result._id } })).body.result.cover, null);
    const ok = await t.call(socialRoutes.groupUpdate, {
      token: acme.adminToken,
      params: { id: g.body.result._id },
      body: { cover: '/api/files/x/cover/c.png' },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.result.cover, '/api/files/x/cover/c.png');
  });
});
