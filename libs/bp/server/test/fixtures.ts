import { bpRoutes } from '@intranet/bp-contract';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

/**
 * The fixture service: a start form with one string field `f1`, then a step the initiator performs (`s2`); it describes
 * the client's kb article (GET api/service/byArticle/{id} finds it).
 */
const serviceBody = (workspace: string, group: string, article?: string) => ({
  name: `Service of ${workspace}`,
  description: `Service description of ${workspace}`,
  group,
  ...(article ? { article } : {}),
  steps: [
    { _id: 's1', name: 'Start', fields: [{ _id: 'f1', name: 'Subject', type: 'string' as const, required: true }], performers: [] },
    { _id: 's2', name: 'Check', fields: [], performers: [{ kind: 'initiator' as const }] },
  ],
});

/**
 * The services domain's part of the route-generic checks' fixture registry (routes-access, routes-tenant,
 * routes-fuzz): a service group, a service and a running request per client, made through the real routes.
 * `{bp}` names the service (POST api/bp/{bp}/pass_step takes a request's id there: given a service's id it answers
 * 404, which the checks accept as a refusal); `{step_id}` is the fixture's second step.
 */
export default {
  entities: ['serviceGroup', 'bpService', 'bpRequest'],
  params: { bp: { entity: 'bpService' }, step_id: { literal: 's2' } },
  idBySubject: { 'bp.group.': 'serviceGroup', 'bp.service.': 'bpService', 'bp.service.byArticle': 'article', 'bp.request.': 'bpRequest' },
  bodies: {
    'bp.group.create': { body: () => ({ name: 'Fixture group' }) },
    'bp.group.update': { body: (w) => ({ _id: w.ids.serviceGroup, name: 'Renamed group' }), ids: { _id: 'serviceGroup' } },
    'bp.service.create': {
      body: (w) => serviceBody(w.workspace, w.ids.serviceGroup!),
      ids: { group: 'serviceGroup', users: 'user', article: 'article' },
      refs: {
        'steps.1.performers.0.users': (own, foreign) => {
          const b = serviceBody(own.workspace, own.ids.serviceGroup!);
          return { ...b, steps: [b.steps[0], { ...b.steps[1], performers: [{ kind: 'employee', users: [foreign.ids.user] }] }] };
        },
      },
    },
    'bp.service.update': { body: () => ({ name: 'Changed' }), ids: { group: 'serviceGroup', users: 'user', article: 'article' } },
    'bp.serviceReq.send': { body: (w) => ({ text: 'Please add a service', bp: w.ids.bpService }), ids: { bp: 'bpService' } },
    'bp.step.add': {
      body: () => ({ name: 'Added', performers: [{ kind: 'initiator' }] }),
      // Issue 38 §6: a step naming another client's employee as its performer.
      refs: { 'steps.2.performers.0.users': (_own, foreign) => ({ name: 'Added', performers: [{ kind: 'employee', users: [foreign.ids.user] }] }) },
    },
    'bp.step.update': {
      body: () => ({ _id: 's2', name: 'Changed', performers: [{ kind: 'initiator' }] }),
      refs: {
        'steps.1.performers.0.users': (_own, foreign) => ({ _id: 's2', name: 'Changed', performers: [{ kind: 'employee', users: [foreign.ids.user] }] }),
      },
    },
    'bp.request.start': { body: (w) => ({ bp: w.ids.bpService, values: { f1: 'Hello' } }), ids: { bp: 'bpService', template: 'bpRequest' } },
    'bp.request.passStep': { body: () => ({ decision: 'accept', values: {} }) },
    'bp.request.convert': { body: () => ({}) },
    'bp.request.comment': { body: () => ({ text: 'A foreign comment' }) },
  },
  async create(t, w) {
    const g = await t.call(bpRoutes.groupCreate, { token: w.adminToken, body: { name: `Group of ${w.workspace}` } });
    if (g.status !== 200) throw new Error(`fixture serviceGroup: ${g.status} ${JSON.stringify(g.body)}`);
    const s = await t.call(bpRoutes.serviceCreate, { token: w.adminToken, body: serviceBody(w.workspace, g.body.result._id, w.ids.article) });
    if (s.status !== 200) throw new Error(`fixture bpService: ${s.status} ${JSON.stringify(s.body)}`);
    const r = await t.call(bpRoutes.requestStart, { token: w.adminToken, body: { bp: s.body.result._id, values: { f1: 'Hello' } } });
    if (r.status !== 200) throw new Error(`fixture bpRequest: ${r.status} ${JSON.stringify(r.body)}`);
    return { serviceGroup: g.body.result._id, bpService: s.body.result._id, bpRequest: r.body.result._id };
  },
  async readBack(t, w, e) {
    const r =
      e === 'bpRequest'
        ? await t.call(bpRoutes.requestGet, { token: w.adminToken, params: { id: w.ids.bpRequest } })
        : e === 'bpService'
          ? await t.call(bpRoutes.serviceGet, { token: w.adminToken, params: { id: w.ids.bpService } })
          : await t.call(bpRoutes.groupList, { token: w.adminToken });
    return { status: r.status, body: r.body };
  },
  secrets: (w) => [`Service description of ${w.workspace}`],
} satisfies DomainFixtures;
