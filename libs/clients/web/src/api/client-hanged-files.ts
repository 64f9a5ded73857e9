import { useQuery } from '@tanstack/react-query';
import { clientLifecycleRoutes } from '@intranet/clients-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/clients/hangedFilesByClient/{id} (§7 Clients, superadmin): stored objects nothing references, with sizes. */
export const clientHangedFilesQueryOptions = (id: string) =>
  routeQuery(clientKeys.hangedFiles(id), clientLifecycleRoutes.clientHangedFiles, { params: { id } });
/** The hanged files of a workspace (fetched when the list is opened). */
export const useHangedFiles = (id: string, enabled: boolean) => useQuery({ ...clientHangedFilesQueryOptions(id), enabled });
