import { Inject, Injectable } from '@nestjs/common';
import { clientSubjects } from '@intranet/clients-contract';
import { GUARDED_URL_TTL } from '@intranet/files-contract';
import { KB_ERRORS, type FileRef } from '@intranet/kb-contract';
import { ask, systemContext, type Bus } from '@intranet/platform-bus';
import type { Config } from '@intranet/platform-config';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { DomainError, Errors, GENERIC } from '@intranet/platform-errors';
import { PORTS, type Logger } from '@intranet/platform-host';
import { signFileUrl, type Storage } from '@intranet/platform-storage';
import { FilesRepository } from './files.repository.ts';
import { toFile } from './mapping.ts';
import type { FileKind, FileRow } from './schema.ts';

/**
 * Lifetime of the signed URLs kb answers give (seconds). Downloads are re-checked against the grants by the gateway
 * (kbSubjects.fileAccess), so a revoked grant stops them at once; the expiry only limits how long a URL is usable.
 */
export const FILE_URL_TTL = GUARDED_URL_TTL;

const MEDIA = /^(image|video|audio)\//;

/**
 * The files of kb nodes in storage: signed URLs, attaching uploaded keys, removing and giving bytes back to the
 * client's quota. Throws at start if JWT_SECRET is missing (file URLs are signed with it).
 */
@Injectable()
export class FileToolsService {
  private readonly secret: string;

  constructor(
    @Inject(PORTS.storage) private readonly storage: Storage,
    @Inject(PORTS.bus) private readonly bus: Bus,
    @Inject(PORTS.log) private readonly log: Logger,
    @Inject(PORTS.config) config: Config,
    private readonly files: FilesRepository,
  ) {
    if (!config.JWT_SECRET) throw new Error('kb needs JWT_SECRET to sign file URLs');
    this.secret = config.JWT_SECRET;
  }

  /** A short-lived signed URL of a key. */
  readonly sign = (key: string): string => signFileUrl(this.secret, key, FILE_URL_TTL);

  /** A file row as answers give it. */
  out(f: FileRow, favourite = false) {
    return toFile(this.sign, f, favourite);
  }

  private async sizeOf(key: string): Promise<number | null> {
    const obj = await this.storage.get(key).catch(() => null);
    if (!obj) return null;
    obj.stream.destroy();
    return obj.size;
  }

  /**
   * Checks uploaded refs (key of the caller's client uploaded as kind kb — cv for CVs — so downloads stay guarded,
   * thumbnail beside its key, present in storage, media where the kind needs it, not attached elsewhere) and
   * inserts them for `articleId`. Sizes come from storage.
   * Errors: 403 'No access' (a key of another kind), 400 'The file was not found or was deleted' (also another client's key), 'File must be media',
   * 'File must be an image', 409 'This file is already attached'.
   */
  async attach(tx: Tx, clientId: string, articleId: string, kind: FileKind, refs: FileRef[], field: string, responseId?: string): Promise<FileRow[]> {
    if (!refs.length) return [];
    // Only keys uploaded as a guarded kind: a 'post' upload's never-expiring URL would bypass the grants.
    const prefix = `${clientId}/${kind === 'cv' ? 'cv' : 'kb'}/`;
    for (const r of refs) {
      // Another client's key names nothing of the caller's (issue 38 §6): the field's 'file not found', nothing stored.
      if (!r.key.startsWith(`${clientId}/`) || (r.thumbKey && !r.thumbKey.startsWith(`${clientId}/`))) throw Errors.fieldCoded(field, GENERIC.fileNotFound);
      if (!r.key.startsWith(prefix) || (r.thumbKey && r.thumbKey !== `${r.key}.thumb.webp`) || r.key.includes('..')) throw Errors.noAccess();
      if (kind === 'attachment' && !MEDIA.test(r.mimetype)) throw Errors.fieldCoded(field, KB_ERRORS.mediaRequired);
      if (kind === 'cover' && !r.mimetype.startsWith('image/')) throw Errors.fieldCoded(field, KB_ERRORS.imageRequired);
    }
    const keys = refs.map((r) => r.key);
    if (new Set(keys).size !== keys.length) throw Errors.conflictCoded(field, GENERIC.fileTaken);
    if ((await this.files.takenKeys(tx, keys)).length) throw Errors.conflictCoded(field, GENERIC.fileTaken);
    const rows = [];
    for (const r of refs) {
      const size = await this.sizeOf(r.key);
      if (size === null) throw Errors.fieldCoded(field, GENERIC.fileNotFound);
      const thumbSize = r.thumbKey ? await this.sizeOf(r.thumbKey) : null;
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
    return this.files.insertMany(tx, rows);
  }

  /** Removes the rows and their objects (inside the transaction: a storage failure rolls back). Output: bytes freed. */
  async remove(tx: Tx, rows: FileRow[], message: string): Promise<number> {
    if (!rows.length) return 0;
    try {
      await this.files.deleteIds(
        tx,
        rows.map((f) => f.id),
      );
      await this.storage.delete(rows.flatMap((f) => (f.thumbKey ? [f.key, f.thumbKey] : [f.key])));
    } catch (err) {
      this.log.error(`kb: deleting files failed: ${(err as Error)?.message}`);
      throw new DomainError('internal', message);
    }
    return rows.reduce((n, f) => n + Number(f.size) + Number(f.thumbSize), 0);
  }

  /** Gives freed bytes back to the client's quota (after commit; best effort, logged). */
  async release(clientId: string, bytes: number): Promise<void> {
    if (bytes <= 0) return;
    await ask(this.bus, clientSubjects.storageRelease, systemContext(clientId), { clientId, bytes }).catch((err) =>
      this.log.error(`kb: storage release of ${bytes} bytes for ${clientId} failed: ${(err as Error)?.message}`),
    );
  }
}
