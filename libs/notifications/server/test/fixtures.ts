import { notificationsRoutes } from '@intranet/notifications-contract';
import { mailingRoutes } from '@intranet/notifications-contract/mailing';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

const templateBody = () => ({
  code: `t${Math.random().toString(36).slice(2, 10)}`,
  lang: 'en',
  channel: 'centre',
  name: 'Fixture template',
  title: 'Hello {{name}}',
});

/**
 * The notifications domain's part of the route-generic checks' fixture registry (routes-access, routes-tenant,
 * routes-fuzz): one notification (to the client's employee), one template and one (inactive) digest mailing per
 * client, made through the real routes, and which route params name them (`{time}` of the feed is `now`).
 */
export default {
  entities: ['notification', 'notifTemplate', 'mailing'],
  params: { time: { literal: 'now' }, action: { literal: 'digest' } },
  idBySubject: { 'notifications.notification.': 'notification', 'notifications.template.': 'notifTemplate', 'notifications.mailing.': 'mailing' },
  bodies: {
    'notifications.notification.create': { body: (w) => ({ user_ids: [w.ids.user], title: `Notice of ${w.workspace}` }), ids: { user_ids: 'user' } },
    'notifications.notification.markRead': { body: (w) => ({ _id: w.ids.notification }), ids: { _id: 'notification' } },
    'notifications.message.send': { body: (w) => ({ emails: [`admin@${w.workspace}.test`] }) },
    'notifications.settings.save': {
      body: (w) => ({ user_id: w.ids.user, matrix: { posts: { email: false } } }),
      ids: { user_id: 'user', client_id: 'client' },
    },
    'notifications.template.create': { body: () => templateBody() },
    'notifications.template.update': { body: () => templateBody() },
    // PUT api/notif_template (no id in the path): the template named by the body's `_id`.
    'notifications.template.save': { body: (w) => ({ ...templateBody(), _id: w.ids.notifTemplate }), ids: { _id: 'notifTemplate' } },
    'notifications.mailing.create': { body: () => ({ action: 'digest', schedule: '0 9 * * 1' }) },
    'notifications.mailing.update': { body: () => ({ schedule: '0 9 * * 1' }) },
  },
  async create(t, w) {
    const made = await t.call(notificationsRoutes.notificationCreate, {
      token: w.adminToken,
      body: { user_ids: [w.employee.id], title: `Notice of ${w.workspace}` },
    });
    if (made.status !== 200) throw new Error(`fixture notification: ${made.status} ${JSON.stringify(made.body)}`);
    const all = await t.call(notificationsRoutes.notificationClientAll, { token: w.adminToken, params: { client: w.ids.client } });
    const notification = all.body?.result?.items?.[0]?._id;
    if (!notification) throw new Error(`fixture notification: none listed ${JSON.stringify(all.body)}`);
    const tpl = await t.call(notificationsRoutes.templateCreate, { token: w.adminToken, body: templateBody() });
    if (tpl.status !== 200) throw new Error(`fixture notifTemplate: ${tpl.status} ${JSON.stringify(tpl.body)}`);
    const mailing = await t.call(mailingRoutes.mailingCreate, { token: w.adminToken, body: { action: 'digest', schedule: '0 9 * * 1', active: false } });
    if (mailing.status !== 200) throw new Error(`fixture mailing: ${mailing.status} ${JSON.stringify(mailing.body)}`);
    return { notification, notifTemplate: tpl.body.result._id, mailing: mailing.body.result._id };
  },
  async readBack(t, w) {
    const r = await t.call(notificationsRoutes.notificationClientAll, { token: w.adminToken, params: { client: w.ids.client } });
    return { status: r.status, body: r.body };
  },
  secrets: (w) => [`Notice of ${w.workspace}`],
} satisfies DomainFixtures;
