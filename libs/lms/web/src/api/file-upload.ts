import { fileRoutes, type UploadedFile, type UploadKind } from '@intranet/files-contract';
import { upload, type UploadProgress } from '@intranet/web-api';

/**
 * POST api/upload?kind=…: a course cover (`cover`: the gateway refuses anything but 3420 px wide and ≥ 250 px high,
 * §5, §9) or a lesson file (`file`); the stored file as the storage answered it.
 */
export async function uploadFile(file: File, kind: Extract<UploadKind, 'cover' | 'file'>, onProgress: (p: UploadProgress) => void): Promise<UploadedFile> {
  const fd = new FormData();
  fd.append('file', file, file.name);
  const r = await upload(fileRoutes.fileUpload, fd, onProgress, { query: { kind }, silent: true });
  return r.results[0]!;
}
