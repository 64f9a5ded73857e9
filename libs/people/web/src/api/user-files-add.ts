import { fileRoutes } from '@intranet/files-contract';
import { hrFileRoutes } from '@intranet/people-contract/hr';
import { call, upload } from '@intranet/web-api';

/**
 * Uploads files of the guarded `hr` kind (POST /api/upload?kind=hr, progress in percent), then attaches them to the
 * employee (POST /api/user/{userId}/files, §3 User HR files). The answer is the employee's files.
 */
export async function addHrFiles(userId: string, files: File[], onPercent: (percent: number) => void) {
  const data = new FormData();
  for (const f of files) data.append('file', f);
  const up = await upload(fileRoutes.fileUpload, data, (p) => onPercent(p.percent), { query: { kind: 'hr' }, silent: true });
  return call(hrFileRoutes.userFilesAdd, {
    params: { userId },
    body: { files: up.results.map((f) => ({ key: f.key, fileName: f.fileName, mimetype: f.mimetype })) },
    silent: true,
  });
}
