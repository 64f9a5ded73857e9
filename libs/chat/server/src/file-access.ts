import type { chatFileSubjects } from '@intranet/chat-contract';
import type { DomainDeps, SubjectHandlers } from '@intranet/platform-host';
import { chatRepository } from './repository.ts';

const THUMB = '.thumb.webp';

/**
 * The gateway's question on every download of a `chat` key (issue 38 §4): `known` when the key (or the thumbnail
 * beside it) is a message's attachment in the requester's client, `allowed` when the requester is a member of that
 * room now (leaving or removal ends it at once). Unknown keys (uploaded, not sent yet) the gateway serves only to their
 * uploader.
 */
export function chatFileAccess({ db }: Pick<DomainDeps, 'db'>): SubjectHandlers<typeof chatFileSubjects> {
  return {
    fileAccess: async ({ key }, ctx) => {
      if (!ctx.clientId || !ctx.userId) return { known: false, allowed: false };
      const userId = ctx.userId;
      const main = key.endsWith(THUMB) ? key.slice(0, -THUMB.length) : key;
      return db.inTenant({ clientId: ctx.clientId, userId }, async (tx) => {
        const roomId = await chatRepository.fileRoom(tx, main);
        if (!roomId) return { known: false, allowed: false };
        return { known: true, allowed: !!(await chatRepository.roomOf(tx, roomId, userId)) };
      });
    },
  };
}
