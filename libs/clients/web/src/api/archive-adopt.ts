import { clientLifecycleRoutes } from '@intranet/clients-contract';
import { fileRoutes } from '@intranet/files-contract';
import { call, upload } from '@intranet/web-api';

/**
 * Uploads a backup archive (POST /api/upload?kind=file into `workspace`, with its progress in percent), then POST
 * /api/clients/archives {file} (superadmin) moves it to the archives the import takes. Output: the archive's key.
 */
export async function uploadArchive(file: File, workspace: string, onPercent: (percent: number) => void): Promise<string> {
  const data = new FormData();
  data.append('file', file, file.name);
  const r = await upload(fileRoutes.fileUpload, data, (p) => onPercent(p.percent), { query: { kind: 'file' }, workspace, silent: true });
  const key = r.results[0]?.key;
  if (!key) throw new Error('Uploading error');
  return (await call(clientLifecycleRoutes.archiveAdopt, { body: { file: key }, silent: true })).key;
}
