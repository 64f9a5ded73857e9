import { Inject, Injectable } from '@nestjs/common';
import { clientSubjects } from '@intranet/clients-contract';
import { CHAT_FILE_LIMIT, CHAT_TEXT, type ChatFileInput } from '@intranet/chat-contract';
import { ask, systemContext, type Bus, type RequestContext } from '@intranet/platform-bus';
import type { Database } from '@intranet/platform-db';
import { DomainError } from '@intranet/platform-errors';
import { PORTS, type Logger } from '@intranet/platform-host';
import type { Storage } from '@intranet/platform-storage';
import { ChatRepository } from './chat.repository.ts';
import type { StoredFile } from './schema.ts';

const THUMB = '.thumb.webp';

const fileError = (field: string, code: 'not_found' | 'payload_too_large', message: string) => new DomainError(code, message, { errors: [{ field, message }] });

/** Chat attachments in storage: the upload rules at send time, their release, and the gateway's download check. */
@Injectable()
export class ChatFilesService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.bus) private readonly bus: Bus,
    @Inject(PORTS.storage) private readonly storage: Storage,
    @Inject(PORTS.log) private readonly log: Logger,
    private readonly repo: ChatRepository,
  ) {}

  /**
   * §5/§9 file rules as the wall's: the client's own upload of the guarded `chat` kind (issue 38 §4: only the room's
   * members read it), existing, within 250 MB (stored size). Errors: 404 'The file was not found or was deleted',
   * 413 'Files above 250 MB cannot be attached'.
   */
  async check(clientId: string, f: ChatFileInput): Promise<StoredFile> {
    const field = 'file';
    const own = (key: string | undefined | null, prefix: string) => !key || key.startsWith(prefix);
    if (!f.key.startsWith(`${clientId}/`) || !own(f.thumbKey, `${clientId}/`)) throw fileError(field, 'not_found', CHAT_TEXT.fileNotFound);
    if (!f.key.startsWith(`${clientId}/chat/`) || !own(f.thumbKey, `${clientId}/chat/`)) throw fileError(field, 'not_found', CHAT_TEXT.fileNotFound);
    if (f.size > CHAT_FILE_LIMIT) throw fileError(field, 'payload_too_large', CHAT_TEXT.filesAbove);
    const obj = await this.storage.get(f.key).catch(() => null);
    if (!obj) throw fileError(field, 'not_found', CHAT_TEXT.fileNotFound);
    obj.stream.destroy();
    if (obj.size > CHAT_FILE_LIMIT) throw fileError(field, 'payload_too_large', CHAT_TEXT.filesAbove);
    return { key: f.key, fileName: f.fileName, mimetype: f.mimetype, size: f.size, thumbKey: f.thumbKey ?? null };
  }

  /** After a commit: deletes the objects and gives their bytes back to the client's quota (best effort, logged). */
  async drop(clientId: string, rows: { key: string; thumbKey: string | null; size: number }[]): Promise<void> {
    if (!rows.length) return;
    let thumbBytes = 0;
    for (const r of rows) {
      if (!r.thumbKey) continue;
      const t = await this.storage.get(r.thumbKey).catch(() => null);
      if (t) {
        t.stream.destroy();
        thumbBytes += t.size;
      }
    }
    const keys = rows.flatMap((r) => (r.thumbKey ? [r.key, r.thumbKey] : [r.key]));
    await this.storage.delete(keys).catch((err: Error) => this.log.warn(`chat: could not delete ${keys.length} objects: ${err.message}`));
    const bytes = rows.reduce((n, r) => n + r.size, thumbBytes);
    await ask(this.bus, clientSubjects.storageRelease, systemContext(clientId), { clientId, bytes }).catch((err: Error) =>
      this.log.warn(`chat: could not release ${bytes} bytes of ${clientId}: ${err.message}`),
    );
  }

  /**
   * The gateway's question on every download of a `chat` key (issue 38 §4): `known` when the key (or the thumbnail
   * beside it) is a message's attachment in the requester's client, `allowed` when the requester is a member of
   * that room now (leaving or removal ends it at once). Unknown keys (uploaded, not sent yet) the gateway serves
   * only to their uploader.
   */
  async fileAccess({ key }: { key: string }, ctx: RequestContext): Promise<{ known: boolean; allowed: boolean }> {
    if (!ctx.clientId || !ctx.userId) return { known: false, allowed: false };
    const userId = ctx.userId;
    const main = key.endsWith(THUMB) ? key.slice(0, -THUMB.length) : key;
    return this.db.inTenant({ clientId: ctx.clientId, userId }, async (tx) => {
      const roomId = await this.repo.fileRoom(tx, main);
      if (!roomId) return { known: false, allowed: false };
      return { known: true, allowed: !!(await this.repo.roomOf(tx, roomId, userId)) };
    });
  }
}
