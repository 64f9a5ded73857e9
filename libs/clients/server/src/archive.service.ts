import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { PassThrough, Transform } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { CLIENTS_ERRORS, clientEvents, type clientLifecycleRoutes } from '@intranet/clients-contract';
import { ask, type Bus, type RequestContext } from '@intranet/platform-bus';
import { exportPages } from './export-pages.ts';
import type { Config } from '@intranet/platform-config';
import { remapIds, tenantSubjects, type RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { copiedId, PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { signFileUrl, storedUpload, type Storage } from '@intranet/platform-storage';
import { ClientsRepository } from './clients.repository.ts';
import { LifecycleService, type LongRun } from './lifecycle.service.ts';
import { toClient } from './mapping.ts';
import type { ClientRow } from './schema.ts';

type In<K extends keyof typeof clientLifecycleRoutes> = RouteInput<(typeof clientLifecycleRoutes)[K]>;

/** Version of the archive format (the header's and the manifest's `format`). */
export const ARCHIVE_FORMAT = 1;
/** Archives live outside every workspace (a full delete of the workspace keeps its backup): the nil-UUID prefix. */
const ARCHIVE_PREFIX = '00000000-0000-0000-0000-000000000000/exports';
/** Lifetime of an archive's download link (seconds). */
const LINK_TTL = 15 * 60;
const PAGE = 1000;
const LONG = { timeoutMs: 120_000 };
/**
 * Bytes of a stored object per archive line (64 KB of base64): V8 keeps strings that size in its young generation,
 * where a scavenge frees them at once; 256 KB chunks made 340 KB strings in the large-object space, which only a full
 * collection frees (peak RSS +268 MB over an export of 1 GB, tools/bench/README.md "tenant.ts").
 */
const CHUNK = 48 * 1024;

/**
 * A workspace's archive (issue 36): one gzip'd NDJSON file, streamed both ways (never held whole). Lines: a header
 * `{format, client}` (the client's row without its HR password: secrets are not exported), then per domain table its
 * rows `{d, t, r}`, then each stored object as base64 chunks `{f, c}` closed by `{f, end, sha256}`, and last the
 * manifest `{manifest: {format, client, workspace, domains: {d: {table: rows}}, files, bytes, sha256: {"d/t": hex}}}`.
 * Import checks the manifest against what it read and rolls back (deletes the new workspace whole) on any failure.
 */
@Injectable()
export class ArchiveService {
  constructor(
    private readonly repo: ClientsRepository,
    private readonly life: LifecycleService,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.bus) private readonly bus: Bus,
    @Inject(PORTS.storage) private readonly storage: Storage,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PORTS.config) private readonly config: Config,
  ) {}

  private link(key: string): string | null {
    return this.config.JWT_SECRET ? signFileUrl(this.config.JWT_SECRET, key, LINK_TTL) : null;
  }

  /**
   * POST api/clients/archives {file} → { key, url }: an archive the superadmin uploaded (POST api/upload?kind=file
   * into a workspace) moved to the archives, outside every workspace, so the import takes it; the workspace's storage
   * is given back. The import checks the archive itself. 404 when the file is no upload.
   */
  async adopt({ body }: In<'archiveAdopt'>, ctx: RequestContext) {
    const clientId = body.file.slice(0, 36);
    const stored = await storedUpload(this.storage, body.file, { clientId, kind: 'file' });
    const got = stored ? await this.storage.get(body.file) : null;
    if (!stored || !got) throw Errors.notFound();
    const name = (body.file.split('/').pop() ?? 'archive').replace(/[^A-Za-z0-9._-]/g, '_').slice(-80);
    const key = `${ARCHIVE_PREFIX}/${uuidv7()}/${name}`;
    await this.storage.put(key, got.stream, { contentType: 'application/gzip' });
    await this.storage.delete([body.file]);
    await this.db.asSystem(`superadmin ${ctx.userId}: archive upload of ${clientId}`, (tx) => this.repo.release(tx, clientId, stored.size));
    return { key, url: this.link(key) };
  }

  /** §7 POST api/clients/export/{client} {name} → { key, url, manifest }: the archive stored and a 15-minute link. 404 unknown. */
  async exportOne({ params, body }: In<'clientExport'>, ctx: RequestContext, run: LongRun = {}) {
    const row = await this.db.asSystem(`superadmin ${ctx.userId}: export ${params.client}`, (tx) => this.repo.byId(tx, params.client));
    if (!row || row.deleted) throw Errors.coded(CLIENTS_ERRORS.clientNotFound);
    return this.write(ctx, row, body.name, run);
  }

  private async write(ctx: RequestContext, row: ClientRow, name?: string, run: LongRun = {}) {
    const progress = run.progress ?? (() => undefined);
    const counts = await this.life.counts(ctx, row.id);
    const objects: { key: string; size: number }[] = [];
    for await (const o of this.storage.list(`${row.id}/`)) objects.push(o);
    const total = Object.values(counts).reduce((a, t) => a + Object.values(t).reduce((b, n) => b + n, 0), 0) + objects.length;
    let done = 0;
    progress('rows', done, total);
    const safe = (name ?? row.workspace).replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'workspace';
    const key = `${ARCHIVE_PREFIX}/${uuidv7()}/${safe}.ndjson.gz`;
    const out = new PassThrough();
    const gz = createGzip();
    const stored = this.storage.put(key, out.pipe(gz), { contentType: 'application/gzip' });
    stored.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
    const line = async (s: string) => {
      if (!out.write(`${s}\n`)) await once(out, 'drain');
    };
    const { hrPassword: _secret, ...client } = row;
    const manifest = {
      format: ARCHIVE_FORMAT,
      client: row.id,
      workspace: row.workspace,
      domains: {} as Record<string, Record<string, number>>,
      files: 0,
      bytes: 0,
      sha256: {} as Record<string, string>,
    };
    try {
      await line(JSON.stringify({ format: ARCHIVE_FORMAT, client }));
      for (const d of this.life.domains) {
        const tables = counts[d] ?? {};
        manifest.domains[d] = {};
        for (const table of Object.keys(tables)) {
          const hash = createHash('sha256');
          let n = 0;
          for await (const ndjson of exportPages(this.bus, ctx, { domain: d, clientId: row.id, table, limit: PAGE }, LONG)) {
            for (const r of ndjson.split('\n').filter(Boolean)) {
              // The checksum is over the row's canonical JSON (JSON.stringify), which the importer recomputes.
              const canon = JSON.stringify(JSON.parse(r));
              hash.update(`${canon}\n`);
              n++;
              done++;
              await line(`{"d":${JSON.stringify(d)},"t":${JSON.stringify(table)},"r":${canon}}`);
            }
            progress('rows', Math.min(done, total), total);
          }
          manifest.domains[d][table] = n;
          manifest.sha256[`${d}/${table}`] = hash.digest('hex');
        }
      }
      for (const o of objects) {
        progress('files', Math.min(done++, total), total);
        const got = await this.storage.get(o.key);
        if (!got) continue;
        const hash = createHash('sha256');
        const f = JSON.stringify(o.key);
        // Each line is decoded on its own (importOne), so the stream's chunks are cut, never joined: no copies.
        for await (const chunk of got.stream as AsyncIterable<Buffer>) {
          hash.update(chunk);
          for (let at = 0; at < chunk.length; at += CHUNK) await line(`{"f":${f},"c":"${chunk.subarray(at, at + CHUNK).toString('base64')}"}`);
        }
        await line(JSON.stringify({ f: o.key, end: true, sha256: hash.digest('hex') }));
        manifest.files++;
        manifest.bytes += o.size;
      }
      await line(JSON.stringify({ manifest }));
      out.end();
      await stored;
    } catch (err) {
      out.destroy(err as Error);
      await stored.catch(() => undefined);
      await this.storage.delete([key]).catch(() => undefined);
      throw err;
    }
    return { key, url: this.link(key), manifest };
  }

  /**
   * POST api/clients/import/{workspace} {key, name?} → the new client from an archive (issue 36: import from backup,
   * §4): new ids throughout (copiedId), its objects under the new keys. Checks the manifest (counts, checksums);
   * any failure deletes what the new workspace got (rolled back, nothing half imported). 409 workspace taken,
   * 404 no such archive, 400 'Client data import failed' for a broken archive.
   */
  async importOne({ params, body }: In<'clientImport'>, ctx: RequestContext, run: LongRun = {}) {
    if (!body.key.startsWith(`${ARCHIVE_PREFIX}/`)) throw Errors.notFound();
    const got = await this.storage.get(body.key);
    if (!got) throw Errors.notFound();
    // Progress of an import: bytes of the (compressed) archive read, of its size.
    let read = 0;
    const counted = new Transform({
      transform: (chunk: Buffer, _enc, cb) => {
        read += chunk.length;
        run.progress?.('archive', read, got.size);
        cb(null, chunk);
      },
    });
    const lines = createInterface({ input: got.stream.pipe(counted).pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
    const first = await lines.next().catch(() => ({ done: true, value: '' }));
    const head = first.done ? null : (JSON.parse(first.value) as { format?: number; client?: ClientRow });
    if (head?.format !== ARCHIVE_FORMAT || !head.client?.id) throw Errors.coded(CLIENTS_ERRORS.importFailed);
    const from = head.client.id;
    const id = run.id ?? uuidv7();
    const created = await this.db.asSystem(`superadmin ${ctx.userId}: import ${params.workspace}`, async (tx) => {
      if (await this.repo.byWorkspace(tx, params.workspace)) throw Errors.conflictCoded('workspace', CLIENTS_ERRORS.workspaceTaken);
      const c = JSON.parse(remapIds(JSON.stringify(head.client), from, id, (x) => copiedId(x, id))) as ClientRow;
      const row = await this.repo.insert(tx, {
        ...c,
        id,
        workspace: params.workspace,
        name: body.name ?? c.name,
        hrPassword: null,
        status: 'active',
        deleted: false,
        createdAt: new Date(c.createdAt),
        updatedAt: new Date(),
      });
      await this.outbox.add(tx, clientEvents.created, id, { _id: id, workspace: row.workspace });
      return row;
    });
    try {
      await this.readBody(ctx, lines, from, id, params.workspace);
    } catch {
      await this.life.fullDelete({ params: { id } } as In<'clientFullDelete'>, ctx).catch(() => undefined);
      // Whatever broke (a missing row a reference needs, a checksum, a cut archive): the §8 text, nothing left behind.
      throw Errors.coded(CLIENTS_ERRORS.importFailed);
    }
    return toClient(created);
  }

  private async readBody(ctx: RequestContext, lines: AsyncIterator<string>, from: string, to: string, workspace: string): Promise<void> {
    const seen: Record<string, Record<string, number>> = {};
    const hashes: Record<string, ReturnType<typeof createHash>> = {};
    let batch: { d: string; t: string; rows: string[] } | null = null;
    const flush = async () => {
      if (batch?.rows.length) {
        const ndjson = batch.rows.join('');
        await ask(this.bus, tenantSubjects(batch.d).import, ctx, { fromClientId: from, clientId: to, workspace, table: batch.t, ndjson }, LONG);
      }
      batch = null;
    };
    let file: { key: string; pass: PassThrough; stored: Promise<unknown>; hash: ReturnType<typeof createHash> } | null = null;
    let manifest: { domains: Record<string, Record<string, number>>; sha256: Record<string, string>; files: number } | null = null;
    let files = 0;
    for (let it = await lines.next(); !it.done; it = await lines.next()) {
      if (!it.value.trim()) continue;
      const msg = JSON.parse(it.value) as {
        d?: string;
        t?: string;
        r?: unknown;
        f?: string;
        c?: string;
        end?: boolean;
        sha256?: string;
        manifest?: typeof manifest;
      };
      if (msg.d && msg.t) {
        if (!this.life.domains.includes(msg.d)) throw new Error(`unknown domain ${msg.d}`);
        const raw = `${JSON.stringify(msg.r)}\n`;
        (hashes[`${msg.d}/${msg.t}`] ??= createHash('sha256')).update(raw);
        const counts = (seen[msg.d] ??= {});
        counts[msg.t] = (counts[msg.t] ?? 0) + 1;
        if (batch && (batch.d !== msg.d || batch.t !== msg.t || batch.rows.length >= PAGE)) await flush();
        batch ??= { d: msg.d, t: msg.t, rows: [] };
        (batch as { rows: string[] }).rows.push(raw);
      } else if (msg.f) {
        await flush();
        if (!msg.f.startsWith(`${from}/`)) throw new Error('foreign object in archive');
        if (!file || file.key !== msg.f) {
          const pass = new PassThrough();
          file = {
            key: msg.f,
            pass,
            hash: createHash('sha256'),
            stored: this.storage.put(
              remapIds(msg.f, from, to, (x) => copiedId(x, to)),
              pass,
              {},
            ),
          };
        }
        if (msg.c) {
          const buf = Buffer.from(msg.c, 'base64');
          file.hash.update(buf);
          if (!file.pass.write(buf)) await once(file.pass, 'drain');
        }
        if (msg.end) {
          file.pass.end();
          await file.stored;
          if (file.hash.digest('hex') !== msg.sha256) throw new Error(`checksum of ${msg.f}`);
          file = null;
          files++;
        }
      } else if (msg.manifest) {
        await flush();
        manifest = msg.manifest;
      }
    }
    await flush();
    const m = manifest as { domains: Record<string, Record<string, number>>; sha256: Record<string, string>; files: number } | null;
    if (!m || m.files !== files) throw new Error('archive incomplete');
    for (const [d, tables] of Object.entries(m.domains))
      for (const [t, n] of Object.entries(tables)) {
        if ((seen[d]?.[t] ?? 0) !== n) throw new Error(`rows of ${d}/${t}: ${seen[d]?.[t] ?? 0} of ${n}`);
        const sum = hashes[`${d}/${t}`]?.digest('hex') ?? createHash('sha256').digest('hex');
        if (sum !== m.sha256[`${d}/${t}`]) throw new Error(`checksum of ${d}/${t}`);
      }
  }
}
