import { clientRoutes, lifeJobRoutes } from '@intranet/clients-contract';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

/**
 * The clients domain's part of the route-generic checks' fixture registry: a spare workspace per world for the
 * routes that end a workspace (full delete), so a valid generated call never deletes the world the checks run in.
 */
export default {
  entities: ['spareClient', 'lifeJob'],
  // clone/{old}: the spare workspace (a copy of the world would share its people's e-mails and make their sign-in
  // ambiguous); a collection: one whose rows nothing else needs (article views).
  // job: a long job (an export of the world's client: it changes nothing of it).
  params: { old: { entity: 'spareClient' }, collection: { literal: 'kb.views' }, job: { entity: 'lifeJob' }, task: { literal: 'recountStorage' } },
  idBySubject: { 'clients.client.fullDelete': 'spareClient' },
  bodies: {
    'clients.client.clone': { body: () => ({ name: 'A copy' }) },
    'clients.client.export': { body: () => ({ name: 'backup' }) },
    'clients.client.import': { body: () => ({ key: '00000000-0000-0000-0000-000000000000/exports/none.ndjson.gz' }) },
    // An import of an archive that does not exist: queued, then failed at once (404) — the generated calls leave no
    // long job competing with the other routes for the database.
    'clients.job.start': { body: () => ({ kind: 'import', workspace: 'fuzzimport', key: '00000000-0000-0000-0000-000000000000/exports/none.ndjson.gz' }) },
    'clients.file.delete': { body: (w) => ({ file: `${w.ids.client}/none/none.txt` }) },
    'clients.sendsay.exec': { body: (w) => ({ client: w.ids.client }), ids: { client: 'client' } },
    'clients.minioFiles.delete': { body: (w) => ({ files: [`${w.ids.client}/none/none.txt`] }) },
    // The installation's maintenance mode: a valid generated call leaves it off (on, it would keep the employees of
    // every file on the same portal out).
    'clients.application.maintenance': { body: () => ({ active: false }) },
    // An upload that does not exist: 404, nothing moved.
    'clients.archive.adopt': { body: (w) => ({ file: `${w.ids.client}/file/none.gz` }) },
  },
  async create(t, w) {
    const r = await t.call(clientRoutes.clientCreate, { token: w.superToken, body: { workspace: `${w.workspace}spare`, name: `Spare of ${w.workspace}` } });
    if (r.status !== 200) throw new Error(`fixture spareClient: ${r.status} ${JSON.stringify(r.body)}`);
    const job = await t.call(lifeJobRoutes.jobStart, { token: w.superToken, body: { kind: 'export', client: w.ids.client, name: 'fixture' } });
    if (job.status !== 200) throw new Error(`fixture lifeJob: ${job.status} ${JSON.stringify(job.body)}`);
    return { spareClient: r.body.result._id as string, lifeJob: job.body.result._id as string };
  },
} satisfies DomainFixtures;
