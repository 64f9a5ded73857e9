import { fileRoutes } from '@intranet/files-contract';
import { upload } from '@intranet/web-api';

/**
 * POST /api/upload?kind=file (§7 Upload): one picture of an item. Answers its storage key, signed URL and size in
 * pixels (null when not an image), or null when nothing was stored.
 */
export async function uploadPicture(file: File): Promise<{ key: string; url: string; width: number | null; height: number | null } | null> {
  const fd = new FormData();
  fd.append('file', file, file.name);
  const r = await upload(fileRoutes.fileUpload, fd, undefined, { query: { kind: 'file' }, silent: true });
  const f = r.results[0];
  return f ? { key: f.key, url: f.url, width: f.width, height: f.height } : null;
}
