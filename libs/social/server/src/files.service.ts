import { Inject, Injectable } from '@nestjs/common';
import { clientSubjects } from '@intranet/clients-contract';
import { GUARDED_KINDS } from '@intranet/files-contract';
import { SOCIAL_TEXT, type AttachmentInput } from '@intranet/social-contract';
import { ask, systemContext, type Bus } from '@intranet/platform-bus';
import { formatBytes } from '@intranet/platform-contracts';
import { DomainError } from '@intranet/platform-errors';
import { PORTS, type Logger } from '@intranet/platform-host';
import type { Storage } from '@intranet/platform-storage';
import type { FileRow } from './comments.repository.ts';
import type { StoredFile } from './schema.ts';

/** Key segments of upload kinds whose downloads are checked by their owning domain (§6 grants). */
const GUARDED_PREFIXES = Object.keys(GUARDED_KINDS);

const fileNotFound = (field: string) => new DomainError('not_found', SOCIAL_TEXT.fileNotFound, { errors: [{ field, message: SOCIAL_TEXT.fileNotFound }] });
const tooBig = (field: string, limit: number) => {
  const message = SOCIAL_TEXT.filesAbove(formatBytes(limit));
  return new DomainError('payload_too_large', message, { errors: [{ field, message }] });
};

/** Attachments of posts and comments: checked against storage before a write, deleted and released after one. */
@Injectable()
export class FilesService {
  constructor(
    @Inject(PORTS.storage) private readonly storage: Storage,
    @Inject(PORTS.bus) private readonly bus: Bus,
    @Inject(PORTS.log) private readonly log: Logger,
  ) {}

  /**
   * Checks uploaded files against the client prefix, guarded kinds, existence and `limit` (bytes, the stored size
   * being the truth). Output: what to store. Errors: 404 'The file was not found or was deleted', 413 'Files above …'
   * on `${field}.${i}`.
   */
  async check(clientId: string, items: AttachmentInput[], limit: number, field: string): Promise<StoredFile[]> {
    const out: StoredFile[] = [];
    const seen = new Set<string>();
    for (const [i, f] of items.entries()) {
      const at = `${field}.${i}`;
      if (!f.key.startsWith(`${clientId}/`) || (f.thumbKey && !f.thumbKey.startsWith(`${clientId}/`)) || seen.has(f.key)) throw fileNotFound(at);
      // Guarded uploads (kb, cv) download only for readers their owner allows: never attachable to a post.
      if (GUARDED_PREFIXES.some((k) => f.key.startsWith(`${clientId}/${k}/`))) throw fileNotFound(at);
      seen.add(f.key);
      if (f.size > limit) throw tooBig(at, limit);
      const obj = await this.storage.get(f.key).catch(() => null);
      if (!obj) throw fileNotFound(at);
      obj.stream.destroy();
      if (obj.size > limit) throw tooBig(at, limit);
      out.push({ key: f.key, fileName: f.fileName, mimetype: f.mimetype, size: obj.size, thumbKey: f.thumbKey ?? null });
    }
    return out;
  }

  /** After a commit: deletes the objects and gives their bytes back to the client's quota (best effort, logged). */
  async drop(clientId: string, rows: FileRow[]): Promise<void> {
    if (!rows.length) return;
    const keys = rows.flatMap((r) => (r.thumbKey ? [r.key, r.thumbKey] : [r.key]));
    // Thumbnails were reserved with their images at upload: give their bytes back too.
    let thumbBytes = 0;
    for (const r of rows) {
      if (!r.thumbKey) continue;
      const t = await this.storage.get(r.thumbKey).catch(() => null);
      if (t) {
        t.stream.destroy();
        thumbBytes += t.size;
      }
    }
    await this.storage.delete(keys).catch((err: Error) => this.log.warn(`social: could not delete ${keys.length} objects: ${err.message}`));
    const bytes = rows.reduce((n, r) => n + r.size, thumbBytes);
    await ask(this.bus, clientSubjects.storageRelease, systemContext(clientId), { clientId, bytes }).catch((err: Error) =>
      this.log.warn(`social: could not release ${bytes} bytes of ${clientId}: ${err.message}`),
    );
  }
}
