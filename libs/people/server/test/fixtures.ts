import { projectRoutes, structureRoutes } from '@intranet/people-contract/structure';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

/** YYYY-MM-DD `days` from today (UTC). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The people domain's structure and vacation part of the route-generic checks' fixture registry (routes-access,
 * routes-tenant, routes-fuzz): per client, an administrative root with one child department, one vacation of the
 * fixture employee and one project (the admin its creator, the employee a participant).
 */
export default {
  entities: ['department', 'vacation', 'project'],
  params: { dept: { entity: 'department' } },
  idBySubject: {
    'people.user.exportAll': 'client',
    'people.structure.': 'department',
    'people.deptUsers.clearChief': 'department',
    'people.vacation.': 'vacation',
    'people.project.': 'project',
  },
  bodies: {
    'people.structure.create': {
      body: (w) => ({ kind: 'adm', name: 'Fixture child', parent: w.ids.department }),
      ids: { parent: 'department', client_id: 'client' },
    },
    'people.structure.update': { body: () => ({ name: 'Renamed department' }), ids: { parent: 'department' } },
    'people.deptUsers.add': { body: (w) => ({ users: [w.ids.user] }), ids: { users: 'user' } },
    'people.deptUsers.update': {
      body: (w) => ({ dept_id: w.ids.department, headUser: w.ids.admin }),
      ids: { dept_id: 'department', users: 'user', headUser: 'admin' },
    },
    'people.vacation.create': { body: (w) => ({ user: w.ids.user, start: inDays(200), end: inDays(201) }), ids: { user: 'user' } },
    'people.vacation.update': { body: () => ({ planned: false }) },
    'people.structure.loadStruct': { body: (w) => ({ client_id: w.ids.client }), ids: { client_id: 'client' } },
    'people.user.loadHrm': { body: (w) => ({ client_id: w.ids.client }), ids: { client_id: 'client' } },
    'people.user.resetToHrm': { body: (w) => ({ user_id: w.ids.user }), ids: { user_id: 'user' } },
    'people.project.create': { body: (w) => ({ name: 'Fixture project', participants: [w.ids.user] }), ids: { participants: 'user', dept_id: 'department' } },
    'people.project.update': { body: () => ({ name: 'Renamed project' }), ids: { participants: 'user', dept_id: 'department' } },
    'people.project.participantAdd': { body: (w) => ({ project_id: w.ids.project, users: [w.ids.user] }), ids: { project_id: 'project', users: 'user' } },
  },
  async create(t, w) {
    const root = await t.call(structureRoutes.structureCreate, { token: w.adminToken, body: { kind: 'adm', name: `Company ${w.workspace}` } });
    if (root.status !== 200) throw new Error(`fixture root department: ${root.status} ${JSON.stringify(root.body)}`);
    const dept = await t.call(structureRoutes.structureCreate, {
      token: w.adminToken,
      body: { kind: 'adm', name: `Department of ${w.workspace}`, parent: root.body.result._id },
    });
    if (dept.status !== 200) throw new Error(`fixture department: ${dept.status} ${JSON.stringify(dept.body)}`);
    const vac = await t.call(structureRoutes.vacationCreate, { token: w.employee.token, body: { start: inDays(100), end: inDays(102) } });
    if (vac.status !== 200) throw new Error(`fixture vacation: ${vac.status} ${JSON.stringify(vac.body)}`);
    const project = await t.call(projectRoutes.projectCreate, {
      token: w.adminToken,
      body: { name: `Project of ${w.workspace}`, participants: [w.ids.user] },
    });
    if (project.status !== 200) throw new Error(`fixture project: ${project.status} ${JSON.stringify(project.body)}`);
    return { department: dept.body.result._id, vacation: vac.body.result._id, project: project.body.result._id };
  },
  async readBack(t, w) {
    const [s, v, p] = await Promise.all([
      t.call(structureRoutes.structureByClient, { token: w.adminToken, params: { client: w.ids.client } }),
      t.call(structureRoutes.vacationList, { token: w.adminToken }),
      t.call(projectRoutes.projectList, { token: w.adminToken }),
    ]);
    return { status: [s.status, v.status, p.status], body: [s.body, v.body, p.body] };
  },
  secrets: (w) => [`Department of ${w.workspace}`, `Project of ${w.workspace}`],
} satisfies DomainFixtures;
