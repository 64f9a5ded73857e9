import { access, CLIENT_FEATURES, defineRoute, defineSubject, Id, z, type RouteDef, type SubjectDef } from '@intranet/platform-contracts';
import { clientTargets } from './refs.ts';
import { clientCreate, clientSchema, clientUpdate, journalPage, journalQuery, journalSectionCode, publicClientSchema } from './schemas.ts';

export const clientRoutes = {
  clientEnv: defineRoute({
    method: 'GET',
    path: '/api/env',
    subject: 'clients.client.env',
    summary: 'Environment: vendor variant',
    spec: '§7 Environment',
    access: access.public,
    envelope: 'raw',
    result: z.object({ vendor: z.string() }),
  }),
  clientList: defineRoute({
    method: 'GET',
    path: '/api/clients',
    subject: 'clients.client.list',
    summary: 'All clients',
    spec: '§7 Clients',
    access: access.superadmin,
    query: z.object({ search: z.string().optional() }),
    result: z.array(clientSchema.extend({ employeeCount: z.number() })),
  }),
  clientGet: defineRoute({
    ...clientTargets.clientGet,
    subject: 'clients.client.get',
    summary: 'One client',
    spec: '§7 Clients',
    params: z.object({ id: Id }),
    result: clientSchema,
  }),
  clientUpdate: defineRoute({
    method: 'PUT',
    path: '/api/clients/{id}',
    subject: 'clients.client.update',
    summary: 'Edit a client',
    spec: '§7 Clients',
    access: access.admin,
    params: z.object({ id: Id }),
    body: clientUpdate,
    result: clientSchema,
  }),
  clientCreate: defineRoute({
    method: 'POST',
    path: '/api/clients',
    subject: 'clients.client.create',
    summary: 'Create a client (workspace)',
    spec: '§7 Clients',
    access: access.superadmin,
    body: clientCreate,
    result: clientSchema,
  }),
  clientByWorkspace: defineRoute({
    method: 'GET',
    path: '/api/clients/by_ws/{ws}',
    subject: 'clients.client.byWorkspace',
    summary: 'Public data of a workspace',
    spec: '§7 Clients',
    access: access.public,
    params: z.object({ ws: z.string().min(1).max(30) }),
    result: publicClientSchema,
  }),
  featuresAll: defineRoute({
    method: 'GET',
    path: '/api/clients/features/all',
    subject: 'clients.features.all',
    summary: 'All client features',
    spec: '§7 Clients',
    access: access.authenticated,
    result: z.array(z.object({ feature: z.string() })),
  }),
  featuresSwitch: defineRoute({
    method: 'PUT',
    path: '/api/clients/features/switch/{client}/{code}',
    subject: 'clients.features.switch',
    summary: 'Toggle a feature of a client',
    spec: '§7 Clients',
    access: access.superadmin,
    params: z.object({ client: Id, code: z.enum(CLIENT_FEATURES) }),
    result: clientSchema,
  }),
  journalList: defineRoute({
    method: 'GET',
    path: '/api/journal/{client}',
    subject: 'clients.journal.list',
    summary: 'Audit journal of a client, newest first (paged; filters section, action, actor, from, to)',
    spec: '§7 Clients, §2 admin panel "logs", issue 18 §2',
    access: access.admin,
    params: z.object({ client: Id }),
    query: journalQuery,
    result: journalPage,
  }),
  journalSection: defineRoute({
    method: 'GET',
    path: '/api/journal/{client}/section/{section}',
    subject: 'clients.journal.section',
    summary: 'Audit journal of a client, one section (paged; filters action, actor, from, to)',
    spec: '§7 Clients, §2 admin panel "logs", issue 18 §2',
    access: access.admin,
    params: z.object({ client: Id, section: journalSectionCode }),
    query: journalQuery.omit({ section: true }),
    result: journalPage,
  }),
} satisfies Record<string, RouteDef>;

const storageAnswer = z.object({ used: z.number(), total: z.number() });

/** Bus-only subjects other services and the gateway use (no HTTP route); call with `ask`, answered by SubjectController. */
export const clientSubjects = {
  /** { id } → Client (system lookup, bypasses the tenant); 404 'Client not found'. */
  internalGet: defineSubject('clients.internal.get', z.object({ id: z.string() }), clientSchema),
  /** { workspace } → Client (any status); 404 'Client not found'. */
  internalByWorkspace: defineSubject('clients.internal.byWorkspace', z.object({ workspace: z.string() }), clientSchema),
  /**
   * { clientId, bytes } → { used, total } (bytes). Atomically adds `bytes` to the client's used storage; refuses
   * with 413 'Storage limit reached ({size})! Available {available}' when it would pass the total (§3, §8).
   * `check: true` only tests without reserving.
   */
  storageReserve: defineSubject(
    'clients.internal.storage.reserve',
    z.object({ clientId: z.string(), bytes: z.number(), check: z.boolean().optional() }),
    storageAnswer,
  ),
  /**
   * { id } → the client's HR-system connection (§3 Client HR address, login, password; tax id) for the people
   * service's HR import only: the password never leaves the bus. 404 'Client not found'.
   */
  internalHr: defineSubject(
    'clients.internal.hr',
    z.object({ id: z.string() }),
    z.object({ url: z.string().nullable(), login: z.string().nullable(), password: z.string().nullable(), taxNumber: z.string().nullable() }),
  ),
  /** {} → { active }: whether the installation is in maintenance mode (the gateway keeps employees out). */
  internalMaintenance: defineSubject('clients.internal.maintenance', z.object({}), z.object({ active: z.boolean() })),
  /** { clientId, bytes } → { used, total }: gives storage back (deleted files). */
  storageRelease: defineSubject('clients.internal.storage.release', z.object({ clientId: z.string(), bytes: z.number() }), storageAnswer),
} satisfies Record<string, SubjectDef>;
