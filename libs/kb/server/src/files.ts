import { clientSubjects } from '@intranet/clients-contract';
import { GUARDED_URL_TTL } from '@intranet/files-contract';
import { KB_TEXT, type FileRef } from '@intranet/kb-contract';
import { ask, systemContext, type Bus } from '@intranet/platform-bus';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import type { Logger } from '@intranet/platform-host';
import { signFileUrl, type Storage } from '@intranet/platform-storage';
import { inArray } from 'drizzle-orm';
import { files, type FileKind, type FileRow } from './schema.ts';

/**
 * Lifetime of the signed URLs kb answers give (seconds). Downloads are re-checked against the grants by the gateway
 * (kbSubjects.fileAccess), so a revoked grant stops them at once; the expiry only limits how long a URL is usable.
 */
export const FILE_URL_TTL = GUARDED_URL_TTL;

const MEDIA = /^(image|video|audio)\//;

export interface FileTools {
  /** A short-lived signed URL of a key. */
  sign(key: string): string;
  /** A file row as answers give it. */
  out(
    f: FileRow,
    favourite?: boolean,
  ): { _id: string; key: string; fileName: string; mimetype: string; size: number; url: string; thumb: string | null; favourite: boolean };
  /**
   * Checks uploaded refs (key of the caller's client uploaded as kind kb — cv for CVs — so downloads stay guarded,
   * thumbnail beside its key, present in storage, media where the kind needs it, not attached elsewhere) and
   * inserts them for `articleId`. Sizes come from storage.
   * Errors: 403 'No access' (foreign key), 400 'The file was not found or was deleted', 'File must be media',
   * 'File must be an image', 409 'This file is already attached'.
   */
  attach(tx: Tx, clientId: string, articleId: string, kind: FileKind, refs: FileRef[], field: string, responseId?: string): Promise<FileRow[]>;
  /** Removes the rows and their objects (inside the transaction: a storage failure rolls back). Output: bytes freed. */
  remove(tx: Tx, rows: FileRow[], message: string): Promise<number>;
  /** Gives freed bytes back to the client's quota (after commit; best effort, logged). */
  release(clientId: string, bytes: number): Promise<void>;
}

export function fileTools(deps: { storage: Storage; bus: Bus; secret: string; log: Logger }): FileTools {
  const sizeOf = async (key: string): Promise<number | null> => {
    const obj = await deps.storage.get(key).catch(() => null);
    if (!obj) return null;
    obj.stream.destroy();
    return obj.size;
  };
  const sign = (key: string) => signFileUrl(deps.secret, key, FILE_URL_TTL);

  return {
    sign,
    out: (f, favourite = false) => ({
      _id: f.id,
      key: f.key,
      fileName: f.fileName,
      mimetype: f.mimetype,
      size: f.size,
      url: sign(f.key),
      thumb: f.thumbKey ? sign(f.thumbKey) : null,
      favourite,
    }),

    async attach(tx, clientId, articleId, kind, refs, field, responseId) {
      if (!refs.length) return [];
      // Only keys uploaded as a guarded kind: a 'post' upload's never-expiring URL would bypass the grants.
      const prefix = `${clientId}/${kind === 'cv' ? 'cv' : 'kb'}/`;
      for (const r of refs) {
        if (!r.key.startsWith(prefix) || (r.thumbKey && r.thumbKey !== `${r.key}.thumb.webp`) || r.key.includes('..')) throw Errors.noAccess();
        if (kind === 'attachment' && !MEDIA.test(r.mimetype)) throw Errors.field(field, KB_TEXT.mediaRequired);
        if (kind === 'cover' && !r.mimetype.startsWith('image/')) throw Errors.field(field, KB_TEXT.imageRequired);
      }
      const keys = refs.map((r) => r.key);
      if (new Set(keys).size !== keys.length) throw Errors.conflict(field, KB_TEXT.fileTaken);
      const taken = await tx.select({ key: files.key }).from(files).where(inArray(files.key, keys));
      if (taken.length) throw Errors.conflict(field, KB_TEXT.fileTaken);
      const rows = [];
      for (const r of refs) {
        const size = await sizeOf(r.key);
        if (size === null) throw Errors.field(field, KB_TEXT.fileNotFound);
        const thumbSize = r.thumbKey ? await sizeOf(r.thumbKey) : null;
        rows.push({
          id: uuidv7(),
          clientId,
          articleId,
          responseId: responseId ?? null,
          kind,
          key: r.key,
          fileName: r.fileName,
          mimetype: r.mimetype,
          size,
          thumbKey: thumbSize === null ? null : r.thumbKey!,
          thumbSize: thumbSize ?? 0,
        });
      }
      return tx.insert(files).values(rows).returning();
    },

    async remove(tx, rows, message) {
      if (!rows.length) return 0;
      try {
        await tx.delete(files).where(
          inArray(
            files.id,
            rows.map((f) => f.id),
          ),
        );
        await deps.storage.delete(rows.flatMap((f) => (f.thumbKey ? [f.key, f.thumbKey] : [f.key])));
      } catch (err) {
        deps.log.error(`kb: deleting files failed: ${(err as Error)?.message}`);
        throw new DomainError('internal', message);
      }
      return rows.reduce((n, f) => n + Number(f.size) + Number(f.thumbSize), 0);
    },

    async release(clientId, bytes) {
      if (bytes <= 0) return;
      await ask(deps.bus, clientSubjects.storageRelease, systemContext(clientId), { clientId, bytes }).catch((err) =>
        deps.log.error(`kb: storage release of ${bytes} bytes for ${clientId} failed: ${(err as Error)?.message}`),
      );
    },
  };
}
