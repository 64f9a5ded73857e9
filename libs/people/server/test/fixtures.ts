import { projectRoutes, structureRoutes } from '@intranet/people-contract/structure';
import { fileRoutes } from '@intranet/files-contract';
import { hrFileRoutes } from '@intranet/people-contract/hr';
import type { DomainFixtures, WorldPortal } from '@intranet/portal-testing/fixtures';

/** One file uploaded as kind hr by `token` (POST api/upload?kind=hr) → its key, name and type. */
async function uploadHr(t: WorldPortal, token: string, name: string) {
  const boundary = `----hrfixture${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n` +
      `HR document ${name}\r\n--${boundary}--\r\n`,
  );
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` };
  const r = await t.inject({ method: 'POST', url: `${fileRoutes.fileUpload.path}?kind=hr`, payload, headers, remoteAddress: '127.0.0.1' });
  if (r.statusCode !== 200) throw new Error(`fixture hr upload: ${r.statusCode} ${r.body}`);
  const f = JSON.parse(r.body).results[0] as { key: string; fileName: string; mimetype: string };
  return { key: f.key, fileName: f.fileName, mimetype: f.mimetype };
}

/** YYYY-MM-DD `days` from today (UTC). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The people domain's structure and vacation part of the route-generic checks' fixture registry (routes-access,
 * routes-tenant, routes-fuzz): per client, an administrative root with one child department, one vacation of the
 * fixture employee and one project (the admin its creator, the employee a participant).
 */
export default {
  entities: ['department', 'vacation', 'project', 'hrFile', 'hrUpload'],
  params: { dept: { entity: 'department' }, fileId: { entity: 'hrFile' }, provider: { literal: 'google' } },
  idBySubject: {
    'people.user.exportAll': 'client',
    'people.structure.': 'department',
    'people.deptUsers.clearChief': 'department',
    'people.vacation.': 'vacation',
    'people.project.': 'project',
    'people.user.files': 'user',
    'people.user.filesAdd': 'user',
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
    'people.structure.hrCheck': { body: (w) => ({ client_id: w.ids.client }), ids: { client_id: 'client' } },
    'people.user.loadHrm': { body: (w) => ({ client_id: w.ids.client }), ids: { client_id: 'client', importId: 'client' }, opaque: ['importId'] },
    'people.user.resetToHrm': { body: (w) => ({ user_id: w.ids.user }), ids: { user_id: 'user' } },
    'people.project.create': { body: (w) => ({ name: 'Fixture project', participants: [w.ids.user] }), ids: { participants: 'user', dept_id: 'department' } },
    'people.project.update': { body: () => ({ name: 'Renamed project' }), ids: { participants: 'user', dept_id: 'department' } },
    'people.user.filesAdd': {
      body: (w) => ({ files: [{ key: w.ids.hrUpload, fileName: 'contract.pdf', mimetype: 'application/pdf' }] }),
      // Issue 38 §6: another client's HR upload.
      refs: { files: (_own, foreign) => ({ files: [{ key: foreign.ids.hrUpload, fileName: 'contract.pdf', mimetype: 'application/pdf' }] }) },
    },
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
    // An HR file of the employee (attached), and one more upload an admin may attach (the add route's body).
    const doc = await uploadHr(t, w.adminToken, `hr-${w.workspace}.pdf`);
    const file = await t.call(hrFileRoutes.userFilesAdd, { token: w.adminToken, params: { userId: w.ids.user }, body: { files: [doc] } });
    if (file.status !== 200) throw new Error(`fixture hr file: ${file.status} ${JSON.stringify(file.body)}`);
    const spare = await uploadHr(t, w.adminToken, `spare-${w.workspace}.pdf`);
    return {
      department: dept.body.result._id,
      vacation: vac.body.result._id,
      project: project.body.result._id,
      hrFile: file.body.result[0]._id,
      hrUpload: spare.key,
    };
  },
  async readBack(t, w) {
    const [s, v, p, f] = await Promise.all([
      t.call(structureRoutes.structureByClient, { token: w.adminToken, params: { client: w.ids.client } }),
      t.call(structureRoutes.vacationList, { token: w.adminToken }),
      t.call(projectRoutes.projectList, { token: w.adminToken }),
      t.call(hrFileRoutes.userFiles, { token: w.adminToken, params: { userId: w.ids.user } }),
    ]);
    // Signed URLs carry the time: compare the files without them.
    const files = Array.isArray(f.body?.result) ? (f.body.result as { url?: string }[]).map(({ url: _url, ...rest }) => rest) : f.body;
    return { status: [s.status, v.status, p.status, f.status], body: [s.body, v.body, p.body, files] };
  },
  secrets: (w) => [`Department of ${w.workspace}`, `Project of ${w.workspace}`, `hr-${w.workspace}.pdf`],
} satisfies DomainFixtures;
