import { hrFileRoutes } from '@intranet/people-contract/hr';
import { call } from '@intranet/web-api';

/** DELETE /api/user/{userId}/file/{fileId} (§3 User HR files): deletes one HR file. */
export const deleteHrFile = (userId: string, fileId: string) => call(hrFileRoutes.userFileDelete, { params: { userId, fileId }, silent: true });
