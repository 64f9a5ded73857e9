import { socialRoutes } from '@intranet/social-contract';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';
import { ok } from '@intranet/platform-testing';

/**
 * social's own entities for the route-generic checks (the core ones — post, comment, group — are in the core
 * registry): an idea of the employee and a violation report of the client. A report's id is read back from the
 * admins' list: sending one answers no id (the sender keeps nothing that could point back at it).
 */
export default {
  entities: ['idea', 'violReport'],
  idBySubject: { 'social.idea.': 'idea', 'social.violReport.': 'violReport' },
  bodies: {
    'social.idea.send': { body: () => ({ author: 'Fix Ture', current: 'Now', improvement: 'Better', changes: 'Change', results: 'Result' }) },
    'social.idea.status': { body: () => ({ status: 'review' }) },
    'social.violReport.send': { body: () => ({ anonymous: true, text: 'A fixture report' }) },
    'social.violReport.handled': { body: () => ({ handled: true }) },
  },
  async create(t, w) {
    const idea = ok(
      await t.call(socialRoutes.ideaSend, {
        token: w.employee.token,
        body: { author: `Idea of ${w.workspace}`, current: 'c', improvement: 'i', changes: 'ch', results: 'r' },
      }),
      200,
      'fixture idea',
    );
    await t.call(socialRoutes.violReportSend, { token: w.employee.token, body: { anonymous: true, text: `Report of ${w.workspace}` } });
    const list = await t.call(socialRoutes.violReportList, { token: w.adminToken });
    const report = list.body?.result?.reports?.[0]?._id;
    if (!report) throw new Error(`fixture violReport: ${list.status} ${JSON.stringify(list.body)}`);
    return { idea: idea._id, violReport: report };
  },
  async readBack(t, w, e) {
    const r = e === 'idea' ? await t.call(socialRoutes.ideaList, { token: w.adminToken }) : await t.call(socialRoutes.violReportList, { token: w.adminToken });
    return { status: r.status, body: r.body };
  },
  secrets: (w) => [`Idea of ${w.workspace}`, `Report of ${w.workspace}`],
} satisfies DomainFixtures;
