import { Inject, Injectable } from '@nestjs/common';
import { GUARDED_URL_TTL } from '@intranet/files-contract';
import { HR_FILE_TEXT, type HrFile, type hrFileRoutes } from '@intranet/people-contract/hr';
import { isAdmin, type RequestContext } from '@intranet/platform-bus';
import type { Config } from '@intranet/platform-config';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { DomainError, Errors, GENERIC } from '@intranet/platform-errors';
import { PORTS, type Logger } from '@intranet/platform-host';
import { signFileUrl, type Storage } from '@intranet/platform-storage';
import { canReadHrFiles, isClientHrUpload, isEmployeeExport, structureClient } from './access.ts';
import { ClientsPort } from './clients-port.ts';
import { HrFilesRepository } from './hr-files.repository.ts';
import type { UserFileRow } from './schema.ts';
import { UsersRepository } from './users.repository.ts';

type In<K extends keyof typeof hrFileRoutes> = RouteInput<(typeof hrFileRoutes)[K]>;

/**
 * §3 User "HR data and files" (issue 12): an employee's HR documents, uploaded with POST api/upload?kind=hr (a
 * guarded kind: downloads are re-checked here on every request), attached, listed and deleted. §6: the employee
 * reads their own; administrators of the client (and the superadmin working in it) read, attach and delete.
 */
@Injectable()
export class HrFilesService {
  private readonly secret: string;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.storage) private readonly storage: Storage,
    @Inject(PORTS.log) private readonly log: Logger,
    @Inject(PORTS.config) config: Config,
    private readonly clients: ClientsPort,
    private readonly files: HrFilesRepository,
    private readonly users: UsersRepository,
  ) {
    this.secret = config.JWT_SECRET ?? '';
  }

  /** GET api/user/{userId}/files → HrFile[] newest first. Errors: 404 (other client, unknown), 403 'No access' (someone else's, not admin). */
  async userFiles({ params }: In<'userFiles'>, ctx: RequestContext): Promise<HrFile[]> {
    if (!canReadHrFiles(ctx, params.userId)) throw Errors.noAccess();
    return this.db.inTenant(this.tenant(ctx), async (tx) => {
      await this.employee(tx, params.userId);
      return (await this.files.ofUser(tx, params.userId)).map((f) => this.toHrFile(f));
    });
  }

  /**
   * POST api/user/{userId}/files {files: [{key, fileName, mimetype}]} → the attached HrFile[]. The employee must be
   * the client's (404); keys the client's (400 'The file was not found or was deleted' on `files`, issue 38 §6) `hr`
   * uploads (403 'No access' otherwise), present in storage (400 as above), not attached yet (409 'This file is
   * already attached'). Sizes come from storage.
   */
  async userFilesAdd({ params, body }: In<'userFilesAdd'>, ctx: RequestContext): Promise<HrFile[]> {
    const t = this.tenant(ctx);
    // The employee the path names first: another client's is 404, whatever the body holds.
    await this.db.inTenant(t, (tx) => this.employee(tx, params.userId));
    // Another client's key names nothing of the caller's (issue 38 §6): the field's 'file not found'.
    if (body.files.some((f) => !f.key.startsWith(`${t.clientId}/`))) throw Errors.fieldCoded('files', GENERIC.fileNotFound);
    for (const f of body.files) if (!isClientHrUpload(t.clientId, f.key)) throw Errors.noAccess();
    const keys = body.files.map((f) => f.key);
    if (new Set(keys).size !== keys.length) throw Errors.conflictCoded('files', GENERIC.fileTaken);
    const sizes = await Promise.all(keys.map((k) => this.sizeOf(k)));
    if (sizes.some((s) => s === null)) throw Errors.fieldCoded('files', GENERIC.fileNotFound);
    return this.db.inTenant(t, async (tx) => {
      await this.employee(tx, params.userId);
      // Keys carry the client's id (checked above), so the tenant's rows are the only ones that could hold them.
      if ((await this.files.takenKeys(tx, keys)).length) throw Errors.conflictCoded('files', GENERIC.fileTaken);
      const rows = await this.files.insert(
        tx,
        body.files.map((f, i) => ({
          id: uuidv7(),
          clientId: t.clientId,
          userId: params.userId,
          key: f.key,
          fileName: f.fileName,
          mimetype: f.mimetype,
          size: sizes[i]!,
          uploadedBy: ctx.userId ?? null,
        })),
      );
      // Two attaches of one key at once: the check above saw neither; the unique key lets one in, the other is 409.
      if (rows.length !== keys.length) throw Errors.conflictCoded('files', GENERIC.fileTaken);
      return rows.map((f) => this.toHrFile(f));
    });
  }

  /**
   * §7 DELETE api/user/{userId}/file/{fileId} → {_id}: removes the row and the stored object in one transaction
   * (a storage failure rolls back: 500 'Error on deleting file'), then gives the bytes back to the client's quota.
   * Errors: 404 (unknown file, another employee's id pair, other client).
   */
  async userFileDelete({ params }: In<'userFileDelete'>, ctx: RequestContext): Promise<{ _id: string }> {
    const t = this.tenant(ctx);
    const row = await this.db.inTenant(t, async (tx) => {
      const f = await this.files.delete(tx, params.fileId, params.userId);
      if (!f) throw Errors.notFound();
      try {
        await this.storage.delete([f.key]);
      } catch (err) {
        this.log.error(`people: deleting HR file ${f.key} failed: ${(err as Error)?.message}`);
        throw new DomainError('internal', HR_FILE_TEXT.deleteFailed);
      }
      return f;
    });
    await this.clients
      .releaseStorage(t.clientId, Number(row.size))
      .catch((err: Error) => this.log.error(`people: storage release of ${row.size} bytes for ${t.clientId} failed: ${err.message}`));
    return { _id: row.id };
  }

  /**
   * The guarded `hr` kind's check {key} → {known, allowed}: asked by the gateway on every download of an `hr` key.
   * Known: attached to an employee of the requester's client, or an employee export; allowed: the requester is that
   * employee or an administrator (exports: administrators only).
   */
  async fileAccess({ key }: { key: string }, ctx: RequestContext): Promise<{ known: boolean; allowed: boolean }> {
    if (!ctx.clientId || !ctx.userId) return { known: false, allowed: false };
    if (isEmployeeExport(ctx.clientId, key)) return { known: true, allowed: isAdmin(ctx) };
    const owner = await this.db.inTenant({ clientId: ctx.clientId, userId: ctx.userId }, (tx) => this.files.ownerOf(tx, key));
    if (owner === undefined) return { known: false, allowed: false };
    return { known: true, allowed: canReadHrFiles(ctx, owner) };
  }

  private tenant(ctx: RequestContext) {
    return { clientId: structureClient(ctx), userId: ctx.userId };
  }

  private toHrFile(f: UserFileRow): HrFile {
    return {
      _id: f.id,
      user_id: f.userId,
      filename: f.fileName,
      filetype: f.mimetype,
      path: f.key,
      size: Number(f.size),
      url: signFileUrl(this.secret, f.key, GUARDED_URL_TTL),
      created: f.createdAt.toISOString(),
    };
  }

  /** The employee must be of the caller's client (RLS hides others). Errors: 404. */
  private async employee(tx: Tx, id: string): Promise<void> {
    if (!(await this.users.exists(tx, id))) throw Errors.notFound();
  }

  /** The stored object's size in bytes, or null when storage has no such key. */
  private async sizeOf(key: string): Promise<number | null> {
    const obj = await this.storage.get(key).catch(() => null);
    if (!obj) return null;
    obj.stream.destroy();
    return obj.size;
  }
}
