import { clientLifecycleRoutes } from '@intranet/clients-contract';
import { call } from '@intranet/web-api';

/** POST /api/del_minio_files {files} (§7, superadmin): deletes hanged objects; a referenced one is refused (409). */
export const deleteMinioFiles = (files: string[]) => call(clientLifecycleRoutes.minioFilesDelete, { body: { files }, silent: true });
