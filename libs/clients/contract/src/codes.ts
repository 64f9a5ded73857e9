import { defineCodes } from '@intranet/platform-errors';

/** §5 Client and §8 client error codes of clients with their English texts (issue 30 §4). */
export const CLIENTS_ERRORS = defineCodes('clients', {
  workspaceTaken: { text: 'This workspace code is already taken' },
  importFailed: { text: 'Client data import failed' },
  fileReferenced: { text: 'The file is still referenced and cannot be deleted', kind: 'conflict' },
  sendsayFailed: { text: 'Export to a mailing service failed' },
  collectionNotFound: { text: 'No such collection', kind: 'not_found' },
  clientNotFound: { text: 'Client not found', kind: 'not_found' },
  // Maintenance mode (issue 36; the spec has no words for it): a workspace's or the installation's employees are kept out.
  maintenance: { text: 'The portal is under maintenance. Please come back later', kind: 'unavailable' },
  // The generic code of the workspace-code field (§5), worded alike by the web: its contract text names the field.
  alphanumeric: { text: 'Workspace code: latin letters and digits only' },
});
