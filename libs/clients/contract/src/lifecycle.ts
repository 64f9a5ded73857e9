import { access, defineRoute, Id, tableCounts, z, type RouteDef } from '@intranet/platform-contracts';
import { clientSchema, workspaceCode } from './schemas.ts';

/** A stored object: key `<client>/...` and size in bytes. */
export const storedObject = z.object({ key: z.string(), size: z.number() });

/** §7 GET api/clients/stat/{id}: a workspace's statistics; `domains` lists every domain's rows per table. */
export const clientStatSchema = z.object({
  employees: z.number(),
  posts: z.number(),
  articles: z.number(),
  files: z.number(),
  storageUsed: z.number(),
  storageTotal: z.number(),
  domains: z.record(z.string(), tableCounts),
});
export type ClientStat = z.infer<typeof clientStatSchema>;

/** §7 GET api/clients/{id}/filestat: the stored objects of a workspace, in all and per top folder (bytes). */
export const fileStatSchema = z.object({
  files: z.number(),
  bytes: z.number(),
  folders: z.record(z.string(), z.object({ files: z.number(), bytes: z.number() })),
});

/** The manifest of a workspace's archive (format version, domains with rows per table, objects, checksums). */
export const archiveManifest = z.object({
  format: z.number(),
  client: z.string(),
  workspace: z.string(),
  domains: z.record(z.string(), tableCounts),
  files: z.number(),
  bytes: z.number(),
  sha256: z.record(z.string(), z.string()),
});
/** An export's answer: the archive's storage key, its expiring download link (15 minutes) and its manifest. */
export const archiveSchema = z.object({ key: z.string(), url: z.string().nullable(), manifest: archiveManifest });

/** A collection of a workspace: `<schema>.<table>` of a domain (e.g. `social.posts`). */
export const collectionName = z.string().regex(/^[a-z_]+\.[a-z_]+$/, 'Collection: <domain>.<table>');

/**
 * A workspace's whole life (issue 36, §4 Client, §7 Clients): statistics, file statistics, deleting a collection or
 * the whole workspace, hanged files and their deletion, clone. Superadmin only. Each domain takes part through its
 * `tenant.<domain>.*` subjects (tenantSubjects of @intranet/platform-contracts); the clients service orchestrates.
 */
export const clientLifecycleRoutes = {
  clientStat: defineRoute({
    method: 'GET',
    path: '/api/clients/stat/{id}',
    subject: 'clients.client.stat',
    summary: "A workspace's statistics: employees, posts, articles, files, storage; rows per domain table",
    spec: '§7 Clients, issue 36',
    access: access.superadmin,
    params: z.object({ id: Id }),
    result: clientStatSchema,
  }),
  clientFilestat: defineRoute({
    method: 'GET',
    path: '/api/clients/{id}/filestat',
    subject: 'clients.client.filestat',
    summary: "A workspace's stored objects: count and bytes, in all and per folder",
    spec: '§7 Clients, issue 36',
    access: access.superadmin,
    params: z.object({ id: Id }),
    result: fileStatSchema,
  }),
  collectionDelete: defineRoute({
    method: 'DELETE',
    path: '/api/clients/{client}/{collection}',
    subject: 'clients.collection.delete',
    summary: 'Deletes every row of one collection (<domain>.<table>) of a workspace; answers the rows deleted',
    spec: '§7 Clients, issue 36',
    access: access.superadmin,
    params: z.object({ client: Id, collection: collectionName }),
    result: z.object({ deleted: z.number() }),
  }),
  clientFullDelete: defineRoute({
    method: 'DELETE',
    path: '/api/clients/{id}/fullDelete',
    subject: 'clients.client.fullDelete',
    summary: 'Deletes a workspace whole: every row of every domain, every stored object, every pending job (resumable)',
    spec: '§4 Client, §7 Clients, issue 36',
    access: access.superadmin,
    params: z.object({ id: Id }),
    result: z.object({ tables: tableCounts, files: z.number() }),
  }),
  clientClone: defineRoute({
    method: 'POST',
    path: '/api/clients/{old}/clone/{workspace}',
    subject: 'clients.client.clone',
    summary: 'Copies a workspace into a new one (new ids, workspace code and name; files copied, nothing shared)',
    spec: '§4 Client, §7 Clients, issue 36',
    access: access.superadmin,
    params: z.object({ old: Id, workspace: workspaceCode }),
    body: z.object({ name: z.string().trim().min(1).max(200) }),
    result: clientSchema,
  }),
  clientHangedFiles: defineRoute({
    method: 'GET',
    path: '/api/clients/hangedFilesByClient/{id}',
    subject: 'clients.client.hangedFiles',
    summary: 'Stored objects of a workspace that no row of any domain references, with their sizes',
    spec: '§7 Clients, issue 36',
    access: access.superadmin,
    params: z.object({ id: Id }),
    result: z.array(storedObject),
  }),
  minioFilesDelete: defineRoute({
    method: 'POST',
    path: '/api/del_minio_files',
    subject: 'clients.minioFiles.delete',
    summary: 'Deletes hanged stored objects (keys of one or more workspaces); a referenced key is refused (409)',
    spec: '§7 Clients, issue 36',
    access: access.superadmin,
    body: z.object({
      files: z
        .array(z.string().regex(/^[0-9a-f-]{36}\/[A-Za-z0-9._/-]+$/))
        .min(1)
        .max(1000),
    }),
    result: z.object({ deleted: z.number(), bytes: z.number() }),
  }),
  fileDelete: defineRoute({
    method: 'POST',
    path: '/api/del_file',
    subject: 'clients.file.delete',
    summary: 'Deletes one hanged stored object (its key); a referenced one is refused (409)',
    spec: '§7 Clients, issue 36',
    access: access.superadmin,
    body: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\/[A-Za-z0-9._/-]+$/) }),
    result: z.object({ deleted: z.number(), bytes: z.number() }),
  }),
  clientExport: defineRoute({
    method: 'POST',
    path: '/api/clients/export/{client}',
    subject: 'clients.client.export',
    summary: "Exports a workspace to one archive (gzip'd NDJSON with a manifest); answers its key and a 15-minute link",
    spec: '§7 Clients, issue 36',
    access: access.superadmin,
    params: z.object({ client: Id }),
    body: z.object({ name: z.string().trim().max(60).optional() }),
    result: archiveSchema,
  }),
  clientImport: defineRoute({
    method: 'POST',
    path: '/api/clients/import/{workspace}',
    subject: 'clients.client.import',
    summary: 'Imports a workspace from an archive under a new workspace code (new ids; rolled back on any failure)',
    spec: '§4 Client (import from backup; no §7 path: added in its style), issue 36',
    access: access.superadmin,
    params: z.object({ workspace: workspaceCode }),
    body: z.object({ key: z.string().regex(/^[0-9a-f-]{36}\/[A-Za-z0-9._/-]+$/), name: z.string().trim().min(1).max(200).optional() }),
    result: clientSchema,
  }),
  archiveAdopt: defineRoute({
    method: 'POST',
    path: '/api/clients/archives',
    subject: 'clients.archive.adopt',
    summary:
      'Makes an uploaded backup archive (POST api/upload?kind=file into any workspace) an archive the import takes: moved out of that workspace (its storage given back); answers its key and a 15-minute link',
    spec: '§4 Client (import from backup; no §7 path: added in its style), issue 36',
    access: access.superadmin,
    body: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\/file\/[A-Za-z0-9._/-]+$/) }),
    result: z.object({ key: z.string(), url: z.string().nullable() }),
  }),
} satisfies Record<string, RouteDef>;

/**
 * The maintenance tasks of a workspace (§7 POST api/clients/{client}/maintenance/{task}): recount the storage used
 * from the stored objects (before/after bytes); republish the workspace's outbox events still waiting (before/after);
 * rebuild kb's full-text search index (articles, changed: kb.maintenance.rebuildSearch); rebuild the read models and
 * projections (wallPosts: social's wall, social.maintenance.rebuildReadModels; users: every user sent again to the
 * projections of people, people.maintenance.republishUsers).
 */
export const MAINTENANCE_TASKS = ['recountStorage', 'republishOutbox', 'rebuildSearchIndex', 'rebuildReadModels'] as const;

/** The long operations of a workspace's life that run as durable jobs (issue 36: progress, resumable). */
export const LIFE_JOB_KINDS = ['clone', 'fullDelete', 'export', 'import'] as const;
export type LifeJobKind = (typeof LIFE_JOB_KINDS)[number];

/** What a job is asked to do: the same inputs as the §7 routes it stands for. */
export const lifeJobStart = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('clone'), client: Id, workspace: workspaceCode, name: z.string().trim().min(1).max(200) }),
  z.object({ kind: z.literal('fullDelete'), client: Id }),
  z.object({ kind: z.literal('export'), client: Id, name: z.string().trim().max(60).optional() }),
  z.object({
    kind: z.literal('import'),
    workspace: workspaceCode,
    key: z.string().regex(/^[0-9a-f-]{36}\/[A-Za-z0-9._/-]+$/),
    name: z.string().trim().min(1).max(200).optional(),
  }),
]);

/**
 * A long job and its progress: `phase` (rows, files, cleanup…), `done` of `total` (rows and objects; bytes of the
 * archive for an import), `result` when done (the new client, the archive, the counts), `error` (code, params,
 * message) when failed.
 */
export const lifeJobSchema = z.object({
  _id: z.string(),
  kind: z.enum(LIFE_JOB_KINDS),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  phase: z.string(),
  done: z.number(),
  total: z.number(),
  client: z.string().nullable(),
  target: z.string().nullable(),
  result: z.unknown().nullable(),
  error: z.object({ code: z.string(), message: z.string(), params: z.record(z.string(), z.unknown()).optional() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LifeJob = z.infer<typeof lifeJobSchema>;

/** The job routes (no §7 path: added in the style of §7 Clients): start one, read one, list a workspace's. Superadmin only. */
export const lifeJobRoutes = {
  jobStart: defineRoute({
    method: 'POST',
    path: '/api/clients/jobs',
    subject: 'clients.job.start',
    summary: 'Starts a long job (clone, fullDelete, export, import) as a durable job; answers it (queued) at once',
    spec: '§4 Client, issue 36',
    access: access.superadmin,
    body: lifeJobStart,
    result: lifeJobSchema,
  }),
  jobGet: defineRoute({
    method: 'GET',
    path: '/api/clients/jobs/{job}',
    subject: 'clients.job.get',
    summary: "A long job's status and progress (phase, done of total), its result or error",
    spec: 'issue 36',
    access: access.superadmin,
    params: z.object({ job: Id }),
    result: lifeJobSchema,
  }),
  jobList: defineRoute({
    method: 'GET',
    path: '/api/clients/{id}/jobs',
    subject: 'clients.job.list',
    summary: 'The long jobs of a workspace (as source or target), newest first (at most 20)',
    spec: 'issue 36',
    access: access.superadmin,
    params: z.object({ id: Id }),
    result: z.array(lifeJobSchema),
  }),
  clientExportAll: defineRoute({
    method: 'POST',
    path: '/api/clients/export/all',
    subject: 'clients.client.exportAll',
    summary: 'Starts an export job for every live workspace; answers the jobs (queued)',
    spec: '§7 Clients, issue 36',
    access: access.superadmin,
    result: z.array(lifeJobSchema),
  }),
  maintenanceRun: defineRoute({
    method: 'POST',
    path: '/api/clients/{client}/maintenance/{task}',
    subject: 'clients.maintenance.run',
    summary: 'Runs one maintenance task of a workspace (MAINTENANCE_TASKS) and answers its figures',
    spec: '§7 Clients, issue 36',
    access: access.superadmin,
    params: z.object({ client: Id, task: z.enum(MAINTENANCE_TASKS) }),
    result: z.object({ task: z.enum(MAINTENANCE_TASKS), result: z.record(z.string(), z.number()) }),
  }),
  sendsayExec: defineRoute({
    method: 'POST',
    path: '/api/clients/exec_sendsay',
    subject: 'clients.sendsay.exec',
    summary: "Exports a workspace's employees (e-mail, first and last name) to the Sendsay mailing service",
    spec: '§7 Clients, §8, issue 36',
    access: access.superadmin,
    body: z.object({ client: Id }),
    result: z.object({ exported: z.number() }),
  }),
} satisfies Record<string, RouteDef>;
