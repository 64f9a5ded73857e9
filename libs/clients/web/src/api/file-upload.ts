import { fileRoutes } from '@intranet/files-contract';
import { upload } from '@intranet/web-api';

/** POST /api/upload?kind=file (§7 Upload): one image with its progress (percent); the answer's first file's URL, if any. */
export async function uploadImage(file: File, onPercent: (percent: number) => void): Promise<string | undefined> {
  const data = new FormData();
  data.append('file', file, file.name);
  const r = await upload(fileRoutes.fileUpload, data, (p) => onPercent(p.percent), { query: { kind: 'file' }, silent: true });
  return r.results[0]?.url;
}
