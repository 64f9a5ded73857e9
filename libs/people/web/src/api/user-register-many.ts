import { peopleRoutes } from '@intranet/people-contract';
import type { z } from '@intranet/platform-contracts';
import { upload, type UploadProgress } from '@intranet/web-api';

/** POST /api/register_many (§7 Users, CSV import) with the upload's progress; the answer is the per-row report. */
export const registerMany = (body: z.input<typeof peopleRoutes.userRegisterMany.body>, onProgress: (p: UploadProgress) => void) =>
  upload(peopleRoutes.userRegisterMany, body, onProgress, { silent: true });
