import type { ChatFileInput } from '@intranet/chat-contract';
import { fileRoutes } from '@intranet/files-contract';
import { upload } from '@intranet/web-api';

/**
 * POST /api/upload?kind=chat (§7 Upload, §9): uploads a message's file (a guarded kind, read by the room's members
 * only), reporting progress in percent; answers the `file` of the message body.
 */
export async function uploadChatFile(f: File, onProgress: (percent: number) => void): Promise<ChatFileInput> {
  const form = new FormData();
  form.append('file', f, f.name);
  const r = await upload(fileRoutes.fileUpload, form, (p) => onProgress(p.percent), { query: { kind: 'chat' }, silent: true });
  const u = r.results[0]!;
  return { key: u.key, fileName: u.fileName, mimetype: u.mimetype, size: u.size, thumbKey: u.thumbKey };
}
