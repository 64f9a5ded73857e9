import { access, CLIENT_FEATURES, defineRoute, z, type RouteDef } from '@intranet/platform-contracts';

/** §3 Application: the platform's sections, each with its code and whether it is switched on. */
export const applicationSchema = z.object({
  sections: z.array(z.object({ code: z.string(), active: z.boolean() })),
  /** Maintenance mode of the whole installation (issue 36): every workspace's employees are kept out, administrators get in. */
  maintenance: z.boolean(),
});
export type Application = z.infer<typeof applicationSchema>;

/** The sections createDefaultSections makes (one per module of the platform: the client features' codes). */
export const DEFAULT_SECTIONS = CLIENT_FEATURES;

/** §7 Application (issue 36; /app, superadmin): the sections, their defaults and switching one on or off. */
export const applicationRoutes = {
  applicationCreateDefaultSections: defineRoute({
    method: 'PUT',
    path: '/api/application/createDefaultSections',
    subject: 'clients.application.createDefaultSections',
    summary: 'Creates the default sections the application lacks (switched on); sections already there keep their flag',
    spec: '§3 Application, §7 Application, issue 36',
    access: access.superadmin,
    result: applicationSchema,
  }),
  applicationGet: defineRoute({
    method: 'GET',
    path: '/api/application',
    subject: 'clients.application.get',
    summary: "The application's sections (code, active), in code order",
    spec: '§3 Application (no §7 path: added in its style), issue 36',
    access: access.superadmin,
    result: applicationSchema,
  }),
  appSectionSwitch: defineRoute({
    method: 'PUT',
    path: '/api/application/sections/{code}',
    subject: 'clients.appSection.switch',
    summary: 'Switches one section of the application on or off; 404 for a section it does not have',
    spec: '§3 Application (no §7 path: added in its style), issue 36',
    access: access.superadmin,
    params: z.object({ code: z.string().regex(/^[a-z_]{1,40}$/) }),
    body: z.object({ active: z.boolean() }),
    result: applicationSchema,
  }),
  applicationMaintenance: defineRoute({
    method: 'PUT',
    path: '/api/application/maintenance',
    subject: 'clients.application.maintenance',
    summary:
      'Puts the whole installation in maintenance mode or takes it out: employees of every workspace get 503 maintenance, administrators and the superadmin get in',
    spec: 'issue 36 maintenance mode (no §7 path: added in the style of §7 Application)',
    access: access.superadmin,
    body: z.object({ active: z.boolean() }),
    result: applicationSchema,
  }),
} satisfies Record<string, RouteDef>;
