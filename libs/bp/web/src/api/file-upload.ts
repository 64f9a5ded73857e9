import { fileRoutes } from '@intranet/files-contract';
import { upload } from '@intranet/web-api';

/** POST /api/upload?kind=file (§7 Upload): one file of a request's file field; `onProgress` gets 0..100. Answers its storage key or null. */
export async function uploadFile(file: File, onProgress: (percent: number) => void): Promise<string | null> {
  const fd = new FormData();
  fd.append('file', file, file.name);
  const r = await upload(fileRoutes.fileUpload, fd, (p) => onProgress(p.percent), { query: { kind: 'file' }, silent: true });
  return r.results[0]?.key ?? null;
}
