import { Inject, Injectable } from '@nestjs/common';
import { CLIENTS_ERRORS, clientEvents, type clientLifecycleRoutes, type lifeJobRoutes } from '@intranet/clients-contract';
import { kbSubjects } from '@intranet/kb-contract';
import { peopleSubjects } from '@intranet/people-contract';
import { journal } from '@intranet/platform-audit';
import { socialSubjects } from '@intranet/social-contract';
import { ask, type Bus, type RequestContext } from '@intranet/platform-bus';
import { exportPages } from './export-pages.ts';
import { remapIds, tenantSubjects, type RouteInput } from '@intranet/platform-contracts';
import { queryRows, sql, uuidv7, type Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { copiedId, discoverDomainNames, PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import type { Storage } from '@intranet/platform-storage';
import { ClientsRepository } from './clients.repository.ts';
import { toClient } from './mapping.ts';

type In<K extends keyof typeof clientLifecycleRoutes> = RouteInput<(typeof clientLifecycleRoutes)[K]>;

/** Rows per page when a table crosses the bus (NDJSON); a page is one import transaction. */
const PAGE = 1000;
/** A domain's whole-table work may take long on a large workspace (ms). */
const LONG = { timeoutMs: 120_000 };

/** Progress of a long operation (issue 36): its phase and `done` of `total` units (rows and objects, or bytes). */
export type Progress = (phase: string, done: number, total: number) => void;
/** How a long operation runs from its job: its progress, and the new workspace's id chosen ahead (a rerun finds it). */
export interface LongRun {
  progress?: Progress;
  id?: string;
}
/** The sum of a domain count answer's rows. */
const rowsIn = (counts: Record<string, Record<string, number>>) => Object.values(counts).reduce((a, t) => a + Object.values(t).reduce((b, n) => b + n, 0), 0);

/**
 * A workspace's whole life (issue 36): statistics, file statistics, a collection's or the whole workspace's delete,
 * hanged files, clone. Orchestrates every domain over its `tenant.<domain>.*` subjects (discovered: each domain with
 * a server module) plus the object storage and the client's own row.
 * - Full delete is resumable: the client is first marked deleted and blocked (it can no longer be used), then each
 *   domain deletes its rows in one transaction, then the objects, the journal and the client's row; a failure leaves
 *   the client marked and a second call finishes the work.
 * - Clone rolls back: a failure while copying deletes whatever the new workspace already got, row and objects.
 */
@Injectable()
export class LifecycleService {
  /** The domains that take part, in start-up order (the clients domain's own row is handled here). */
  readonly domains = discoverDomainNames().filter((d) => d !== 'clients');

  constructor(
    private readonly repo: ClientsRepository,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.bus) private readonly bus: Bus,
    @Inject(PORTS.storage) private readonly storage: Storage,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
  ) {}

  private async client(ctx: RequestContext, id: string, deletedToo = false) {
    const row = await this.db.asSystem(`superadmin ${ctx.userId}: read client ${id}`, (tx) => this.repo.byId(tx, id));
    if (!row || (row.deleted && !deletedToo)) throw Errors.coded(CLIENTS_ERRORS.clientNotFound);
    return row;
  }

  /** Rows per table of every domain: { domain: { '<schema>.<table>': n } }. */
  async counts(ctx: RequestContext, clientId: string): Promise<Record<string, Record<string, number>>> {
    const out: Record<string, Record<string, number>> = {};
    for (const d of this.domains) out[d] = (await ask(this.bus, tenantSubjects(d).count, ctx, { clientId }, LONG)).tables;
    return out;
  }

  /** Every stored object of a client (streamed from storage, collected: the key list of one workspace). */
  private async objects(clientId: string): Promise<{ key: string; size: number }[]> {
    const out: { key: string; size: number }[] = [];
    for await (const o of this.storage.list(`${clientId}/`)) out.push(o);
    return out;
  }

  /** §7 GET api/clients/stat/{id} → employees, posts, articles, files, storage (bytes) and rows per domain table. 404 unknown. */
  async stat({ params }: In<'clientStat'>, ctx: RequestContext) {
    const row = await this.client(ctx, params.id);
    const domains = await this.counts(ctx, row.id);
    let files = 0;
    for await (const _ of this.storage.list(`${row.id}/`)) files++;
    return {
      employees: domains.people?.['people.users'] ?? 0,
      posts: domains.social?.['social.posts'] ?? 0,
      articles: domains.kb?.['kb.articles'] ?? 0,
      files,
      storageUsed: row.storageUsedBytes,
      storageTotal: row.storageTotalBytes,
      domains,
    };
  }

  /** §7 GET api/clients/{id}/filestat → objects and bytes, in all and per top folder (`<client>/<folder>/...`). 404 unknown. */
  async filestat({ params }: In<'clientFilestat'>, ctx: RequestContext) {
    const row = await this.client(ctx, params.id);
    const out = { files: 0, bytes: 0, folders: {} as Record<string, { files: number; bytes: number }> };
    for await (const o of this.storage.list(`${row.id}/`)) {
      const folder = o.key.split('/').length > 2 ? o.key.split('/')[1] : '';
      const f = (out.folders[folder] ??= { files: 0, bytes: 0 });
      f.files++;
      f.bytes += o.size;
      out.files++;
      out.bytes += o.size;
    }
    return out;
  }

  /** §7 DELETE api/clients/{client}/{collection} → { deleted } rows of `<domain>.<table>`. 404 unknown client or collection. */
  async collectionDelete({ params }: In<'collectionDelete'>, ctx: RequestContext) {
    const row = await this.client(ctx, params.client);
    const domain = params.collection.split('.')[0];
    if (!this.domains.includes(domain)) throw Errors.coded(CLIENTS_ERRORS.collectionNotFound);
    const { tables } = await ask(this.bus, tenantSubjects(domain).count, ctx, { clientId: row.id });
    if (!(params.collection in tables)) throw Errors.coded(CLIENTS_ERRORS.collectionNotFound);
    const res = await ask(this.bus, tenantSubjects(domain).delete, ctx, { clientId: row.id, tables: [params.collection] }, LONG);
    return { deleted: res.tables[params.collection] ?? 0 };
  }

  /**
   * §7 DELETE api/clients/{id}/fullDelete → rows deleted per table and objects deleted. Marks the client deleted and
   * blocked first (its sessions end), then every domain, the storage, the journal and the client's row. Resumable:
   * a client left marked by a failure is found again and finished. 404 unknown.
   */
  async fullDelete({ params }: In<'clientFullDelete'>, ctx: RequestContext, run: LongRun = {}) {
    const row = await this.client(ctx, params.id, true);
    const progress = run.progress ?? (() => undefined);
    if (!row.deleted || row.status !== 'blocked') {
      await this.db.asSystem(`superadmin ${ctx.userId}: full delete ${row.id} (mark)`, async (tx) => {
        const marked = await this.repo.update(tx, row.id, { deleted: true, status: 'blocked' });
        if (marked) await this.outbox.add(tx, clientEvents.updated, row.id, { _id: row.id, status: 'blocked', workspace: row.workspace });
      });
      await this.outbox.published();
    }
    const tables: Record<string, number> = {};
    const objects = await this.objects(row.id);
    const total = (run.progress ? rowsIn(await this.counts(ctx, row.id)) : 0) + objects.length;
    let done = 0;
    progress('rows', done, total);
    for (const d of this.domains) {
      const deleted = (await ask(this.bus, tenantSubjects(d).delete, ctx, { clientId: row.id }, LONG)).tables;
      Object.assign(tables, deleted);
      done += Object.values(deleted).reduce((a, n) => a + n, 0);
      progress('rows', Math.min(done, total), total);
    }
    for (let i = 0; i < objects.length; i += 500) {
      await this.storage.delete(objects.slice(i, i + 500).map((o) => o.key));
      done += objects.slice(i, i + 500).length;
      progress('files', Math.min(done, total), total);
    }
    await this.db.asSystem(`superadmin ${ctx.userId}: full delete ${row.id}`, async (tx) => {
      await tx.execute(sql`DELETE FROM outbox.events WHERE client_id = ${row.id}`);
      await tx.execute(sql`SELECT audit.purge_client(${row.id}::uuid)`);
      tables['clients.clients'] = await this.repo.remove(tx, row.id);
    });
    return { tables, files: objects.length };
  }

  /**
   * §7 POST api/clients/{old}/clone/{workspace} {name} → the new client: every domain's rows copied with ids remapped
   * (copiedId), the objects copied under the new keys, the HR password not copied. 409 workspace taken, 404 unknown.
   * A failure deletes what the new workspace already got (nothing half done) and raises the error.
   */
  async clone({ params, body }: In<'clientClone'>, ctx: RequestContext, run: LongRun = {}) {
    const old = await this.client(ctx, params.old);
    const id = run.id ?? uuidv7();
    const created = await this.db.asSystem(`superadmin ${ctx.userId}: clone ${old.id} as ${params.workspace}`, async (tx) => {
      if (await this.repo.byWorkspace(tx, params.workspace)) throw Errors.conflictCoded('workspace', CLIENTS_ERRORS.workspaceTaken);
      const copy = JSON.parse(remapIds(JSON.stringify({ logo: old.logo, design: old.design }), old.id, id, (x) => copiedId(x, id))) as Pick<
        typeof old,
        'logo' | 'design'
      >;
      const row = await this.repo.insert(tx, {
        ...old,
        ...copy,
        id,
        workspace: params.workspace,
        name: body.name,
        hrPassword: null,
        status: 'active',
        deleted: false,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      await this.outbox.add(tx, clientEvents.created, id, { _id: id, workspace: row.workspace });
      await journal.add(
        tx,
        { clientId: id, actor: { id: ctx.userId ?? '', name: null } },
        {
          section: 'clients',
          action: 'client.create',
          object: { type: 'client', id, title: row.name },
          after: { workspace: row.workspace, name: row.name, clonedFrom: old.workspace },
        },
      );
      return row;
    });
    try {
      await this.copyInto(ctx, old.id, id, params.workspace, run.progress);
    } catch (err) {
      await this.fullDelete({ params: { id } } as In<'clientFullDelete'>, ctx).catch(() => undefined);
      throw err;
    }
    return toClient(created);
  }

  /** Copies every domain's rows (page by page) and every object of `from` into the client `to`. */
  private async copyInto(ctx: RequestContext, from: string, to: string, workspace: string, progress: Progress = () => undefined): Promise<void> {
    const counts = await this.counts(ctx, from);
    const objects = await this.objects(from);
    const total = rowsIn(counts) + objects.length;
    let done = 0;
    progress('rows', done, total);
    for (const d of this.domains) {
      const s = tenantSubjects(d);
      for (const table of Object.keys(counts[d] ?? {})) {
        for await (const ndjson of exportPages(this.bus, ctx, { domain: d, clientId: from, table, limit: PAGE }, LONG)) {
          await ask(this.bus, s.import, ctx, { fromClientId: from, clientId: to, workspace, table, ndjson }, LONG);
          done += ndjson.split('\n').filter(Boolean).length;
          progress('rows', Math.min(done, total), total);
        }
      }
    }
    for (const o of objects) {
      const got = await this.storage.get(o.key);
      if (got)
        await this.storage.put(
          remapIds(o.key, from, to, (x) => copiedId(x, to)),
          got.stream,
          {},
        );
      progress('files', Math.min(++done, total), total);
    }
  }

  /**
   * §7 POST api/clients/{client}/maintenance/{task} → { task, result }: `recountStorage` sets the storage used to the
   * bytes of the stored objects ({ before, after }); `republishOutbox` publishes the workspace's waiting outbox events
   * now ({ before, after }: events still waiting); `rebuildSearchIndex` asks kb to derive its search text again
   * ({ articles, changed }); `rebuildReadModels` asks social to reload its wall read model ({ wallPosts }) and people to send
   * every user again to the other domains' projections of people ({ users }). 404 unknown client.
   */
  async maintenance({ params }: RouteInput<(typeof lifeJobRoutes)['maintenanceRun']>, ctx: RequestContext) {
    const row = await this.client(ctx, params.client);
    const why = `superadmin ${ctx.userId}: maintenance ${params.task} of ${row.id}`;
    if (params.task === 'recountStorage') {
      const after = (await this.objects(row.id)).reduce((a, o) => a + o.size, 0);
      await this.db.asSystem(why, (tx) => this.repo.update(tx, row.id, { storageUsedBytes: after }));
      return { task: params.task, result: { before: row.storageUsedBytes, after } };
    }
    if (params.task === 'rebuildSearchIndex') {
      // Without the kb domain there is no search index: nothing to rebuild.
      const r = this.domains.includes('kb') ? await ask(this.bus, kbSubjects.rebuildSearch, ctx, { clientId: row.id }, LONG) : { articles: 0, changed: 0 };
      return { task: params.task, result: r };
    }
    if (params.task === 'rebuildReadModels') {
      const wall = this.domains.includes('social') ? await ask(this.bus, socialSubjects.rebuildReadModels, ctx, { clientId: row.id }, LONG) : { wallPosts: 0 };
      // Every domain's projection of people is brought back to people's current state (users sent again, resync).
      const people = this.domains.includes('people') ? await ask(this.bus, peopleSubjects.republishUsers, ctx, { clientId: row.id }, LONG) : { users: 0 };
      const result: Record<string, number> = { ...wall, ...people };
      return { task: params.task, result };
    }
    const waiting = () =>
      this.db.asSystem(why, async (tx) =>
        Number((await queryRows<{ n: string }>(tx, sql`SELECT count(*) AS n FROM outbox.events WHERE client_id = ${row.id}`))[0].n),
      );
    const before = await waiting();
    await this.outbox.published();
    return { task: params.task, result: { before, after: await waiting() } };
  }

  /** The objects of a client no row of any domain (nor the client's own row) references. */
  private async hanged(ctx: RequestContext, clientId: string): Promise<{ key: string; size: number }[]> {
    const referenced = new Set(await this.db.asSystem(`superadmin ${ctx.userId}: keys of ${clientId}`, (tx) => this.repo.keysOf(tx, clientId)));
    for (const d of this.domains) for (const k of (await ask(this.bus, tenantSubjects(d).keys, ctx, { clientId }, LONG)).keys) referenced.add(k);
    return (await this.objects(clientId)).filter((o) => !referenced.has(o.key));
  }

  /** §7 GET api/clients/hangedFilesByClient/{id} → [{ key, size }] of objects nothing references. 404 unknown. */
  async hangedFiles({ params }: In<'clientHangedFiles'>, ctx: RequestContext) {
    const row = await this.client(ctx, params.id);
    return this.hanged(ctx, row.id);
  }

  /**
   * §7 POST api/del_minio_files {files} → { deleted, bytes }: deletes hanged objects only and gives their bytes back to
   * each client's storage. 409 'The file is still referenced' when one of them is referenced (nothing deleted).
   */
  async minioFilesDelete({ body }: In<'minioFilesDelete'>, ctx: RequestContext) {
    const byClient = new Map<string, string[]>();
    for (const f of new Set(body.files)) byClient.set(f.slice(0, 36), [...(byClient.get(f.slice(0, 36)) ?? []), f]);
    const plan: { clientId: string; objects: { key: string; size: number }[] }[] = [];
    for (const [clientId, keys] of byClient) {
      const hanged = new Map((await this.hanged(ctx, clientId)).map((o) => [o.key, o]));
      const objects = keys.map((k) => hanged.get(k));
      if (objects.some((o) => !o)) throw Errors.conflictCoded('files', CLIENTS_ERRORS.fileReferenced);
      plan.push({ clientId, objects: objects as { key: string; size: number }[] });
    }
    let deleted = 0;
    let bytes = 0;
    for (const p of plan) {
      await this.storage.delete(p.objects.map((o) => o.key));
      const n = p.objects.reduce((a, o) => a + o.size, 0);
      await this.db.asSystem(`superadmin ${ctx.userId}: release ${n} bytes of ${p.clientId}`, (tx) => this.repo.release(tx, p.clientId, n));
      deleted += p.objects.length;
      bytes += n;
    }
    return { deleted, bytes };
  }
}
