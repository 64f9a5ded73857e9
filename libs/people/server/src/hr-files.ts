import { clientSubjects } from '@intranet/clients-contract';
import { GUARDED_URL_TTL } from '@intranet/files-contract';
import { HR_FILE_TEXT, type HrFile, type hrFileRoutes, type hrFileSubjects } from '@intranet/people-contract/hr';
import { ask, systemContext, type RequestContext, type RouteHandlers } from '@intranet/platform-bus';
import { uuidv7 } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import type { DomainDeps, SubjectHandlers } from '@intranet/platform-host';
import { signFileUrl } from '@intranet/platform-storage';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { isAdmin } from './mapping.ts';
import { userFiles, users, type UserFileRow } from './schema.ts';
import { structureClient } from './structure.ts';

/**
 * §3 User "HR data and files" (issue 12): an employee's HR documents, uploaded with POST api/upload?kind=hr (a
 * guarded kind: downloads are re-checked here on every request), attached, listed and deleted. §6: the employee
 * reads their own; administrators of the client (and the superadmin working in it) read, attach and delete.
 */
export function hrFileHandlers({ db, bus, config, storage, log }: DomainDeps): {
  routes: RouteHandlers<typeof hrFileRoutes>;
  subjects: SubjectHandlers<typeof hrFileSubjects>;
} {
  const secret = config.JWT_SECRET ?? '';
  const out = (f: UserFileRow): HrFile => ({
    _id: f.id,
    user_id: f.userId,
    filename: f.fileName,
    filetype: f.mimetype,
    path: f.key,
    size: Number(f.size),
    url: signFileUrl(secret, f.key, GUARDED_URL_TTL),
    created: f.createdAt.toISOString(),
  });
  const tenant = (ctx: RequestContext) => ({ clientId: structureClient(ctx), userId: ctx.userId });
  /** The employee must be of the caller's client (RLS hides others: 404). */
  const employee = async (tx: Parameters<Parameters<typeof db.inTenant>[1]>[0], id: string) => {
    const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    if (!u) throw Errors.notFound();
  };
  const sizeOf = async (key: string): Promise<number | null> => {
    const obj = await storage.get(key).catch(() => null);
    if (!obj) return null;
    obj.stream.destroy();
    return obj.size;
  };

  const routes: RouteHandlers<typeof hrFileRoutes> = {
    /** GET api/user/{userId}/files → HrFile[] newest first. Errors: 404 (other client, unknown), 403 'No access' (someone else's, not admin). */
    userFiles: async ({ params }, ctx) => {
      if (!isAdmin(ctx) && ctx.userId !== params.userId) throw Errors.noAccess();
      return db.inTenant(tenant(ctx), async (tx) => {
        await employee(tx, params.userId);
        const rows = await tx.select().from(userFiles).where(eq(userFiles.userId, params.userId)).orderBy(desc(userFiles.createdAt), desc(userFiles.id));
        return rows.map(out);
      });
    },

    /**
     * POST api/user/{userId}/files {files: [{key, fileName, mimetype}]} → the attached HrFile[]. Keys must be the
     * client's `hr` uploads (403 'No access' otherwise), present in storage (400 'The file was not found or was
     * deleted'), not attached yet (409 'This file is already attached'). Sizes come from storage.
     */
    userFilesAdd: async ({ params, body }, ctx) => {
      const t = tenant(ctx);
      const prefix = `${t.clientId}/hr/`;
      for (const f of body.files) if (!f.key.startsWith(prefix) || f.key.includes('..')) throw Errors.noAccess();
      const keys = body.files.map((f) => f.key);
      if (new Set(keys).size !== keys.length) throw Errors.conflict('files', HR_FILE_TEXT.taken);
      const sizes = await Promise.all(keys.map(sizeOf));
      if (sizes.some((s) => s === null)) throw Errors.field('files', HR_FILE_TEXT.notFound);
      return db.inTenant(t, async (tx) => {
        await employee(tx, params.userId);
        // Keys carry the client's id (checked above), so the tenant's rows are the only ones that could hold them.
        const taken = await tx.select({ key: userFiles.key }).from(userFiles).where(inArray(userFiles.key, keys));
        if (taken.length) throw Errors.conflict('files', HR_FILE_TEXT.taken);
        const rows = await tx
          .insert(userFiles)
          .values(
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
          )
          // Two attaches of one key at once: the check above saw neither; the unique key lets one in, the other is 409.
          .onConflictDoNothing({ target: userFiles.key })
          .returning();
        if (rows.length !== keys.length) throw Errors.conflict('files', HR_FILE_TEXT.taken);
        return rows.map(out);
      });
    },

    /**
     * §7 DELETE api/user/{userId}/file/{fileId} → {_id}: removes the row and the stored object in one transaction
     * (a storage failure rolls back: 500 'Error on deleting file'), then gives the bytes back to the client's quota.
     * Errors: 404 (unknown file, another employee's id pair, other client).
     */
    userFileDelete: async ({ params }, ctx) => {
      const t = tenant(ctx);
      const row = await db.inTenant(t, async (tx) => {
        const [f] = await tx
          .delete(userFiles)
          .where(and(eq(userFiles.id, params.fileId), eq(userFiles.userId, params.userId)))
          .returning();
        if (!f) throw Errors.notFound();
        try {
          await storage.delete([f.key]);
        } catch (err) {
          log.error(`people: deleting HR file ${f.key} failed: ${(err as Error)?.message}`);
          throw new DomainError('internal', HR_FILE_TEXT.deleteFailed);
        }
        return f;
      });
      await ask(bus, clientSubjects.storageRelease, systemContext(t.clientId), { clientId: t.clientId, bytes: Number(row.size) }).catch((err: Error) =>
        log.error(`people: storage release of ${row.size} bytes for ${t.clientId} failed: ${err.message}`),
      );
      return { _id: row.id };
    },
  };

  const subjects: SubjectHandlers<typeof hrFileSubjects> = {
    /**
     * {key} → {known, allowed}: asked by the gateway on every download of an `hr` key. Known: attached to an
     * employee of the requester's client, or an employee export; allowed: the requester is that employee or an
     * administrator (exports: administrators only).
     */
    fileAccess: async ({ key }, ctx) => {
      if (!ctx.clientId || !ctx.userId) return { known: false, allowed: false };
      // Employee exports (names, e-mails, phones, birth dates, tax ids): the client's administrators only.
      if (key.startsWith(`${ctx.clientId}/hr/exports/`)) return { known: true, allowed: isAdmin(ctx) };
      return db.inTenant({ clientId: ctx.clientId, userId: ctx.userId }, async (tx) => {
        const [f] = await tx.select({ userId: userFiles.userId }).from(userFiles).where(eq(userFiles.key, key)).limit(1);
        if (!f) return { known: false, allowed: false };
        return { known: true, allowed: isAdmin(ctx) || f.userId === ctx.userId };
      });
    },
  };
  return { routes, subjects };
}
