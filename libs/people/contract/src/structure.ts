import { access, defineEvent, defineRoute, Id, IsoDate, requiredString, V, z, type EventDef, type RouteDef } from '@intranet/platform-contracts';

/** §3 Department kinds of /structure_new: administrative, organisational, functional, project. */
export const DEPARTMENT_KINDS = ['adm', 'org', 'func', 'project'] as const;
export type DepartmentKind = (typeof DEPARTMENT_KINDS)[number];

/** §5 Department and §8 structure texts (server and web say the same thing; codes in @intranet/platform-errors). */
export const STRUCTURE_TEXT = {
  moveIntoChild: 'A department cannot be moved into itself or its child',
  deleteRoot: 'The root department cannot be deleted',
  hasEmployees: 'A department with employees cannot be deleted',
  parentRequired: 'Choose the parent department',
  parentOtherKind: 'The parent department belongs to another structure',
  userNotInClient: 'The employee was not found',
} as const;

/** §5 HR integration and §8 HR texts; `loadFailed` carries the code loading_struct_hrm_error. */
export const HR_TEXT = {
  needsTaxId: 'HR integration needs tax id',
  notConnected: 'Connect the HR system first',
  loadFailed: 'Loading the structure from the HR system failed',
  resetFailed: 'Resetting to the HR data failed',
  notInHr: 'The employee was not found in the HR system',
} as const;

/** §8 codes of the HR integration (the web words them). */
export const HR_CODES = { loadStruct: 'loading_struct_hrm_error', reset: 'reseting_hrm_error' } as const;

/**
 * Why an HR connection test failed: `unauthorized` (HTTP 401/403: login or password refused), `not_found` (HTTP 404:
 * no OData interface at this address), `unreachable` (no answer, refused, timed out), `status` (another HTTP status),
 * `not_odata` (an answer that is not OData JSON).
 */
export const HR_CHECK_REASONS = ['unauthorized', 'not_found', 'unreachable', 'status', 'not_odata'] as const;
export type HrCheckReason = (typeof HR_CHECK_REASONS)[number];

/** POST api/structure/hr_check's answer: `departments` seen when `ok`; else `reason` (and the HTTP `status` if any). */
export const hrCheckResultSchema = z.object({
  ok: z.boolean(),
  departments: z.number().int().nullable(),
  reason: z.enum(HR_CHECK_REASONS).nullable(),
  status: z.number().int().nullable(),
});
export type HrCheckResult = z.infer<typeof hrCheckResultSchema>;

/** §5 Vacation and §8 vacation texts. `balance` is parameterised: 'Not enough vacation days: 3 left'. */
export const VACATION_TEXT = {
  past: 'The vacation must start later than today',
  endBeforeStart: 'The vacation cannot end before it starts',
  overlap: 'The vacation overlaps another vacation of this employee',
  balance: (left: number) => `Not enough vacation days: ${left} left`,
  started: 'A vacation that has started cannot be changed',
  selfApprove: 'You cannot approve your own vacation',
} as const;

/** §3 Department as the API returns it; `manager` is the head of its department-user record, `employees` its users. */
export const departmentSchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  kind: z.enum(DEPARTMENT_KINDS),
  name: z.string(),
  description: z.string().nullable(),
  parent: z.string().nullable(),
  /** 0 for the root. */
  depth: z.number().int(),
  manager: z.string().nullable(),
  employees: z.array(z.string()),
});
export type Department = z.infer<typeof departmentSchema>;

/** §3 Department-user record: `_id` is the department's id (one record per department). */
export const deptUsersSchema = z.object({
  _id: z.string(),
  dept_id: z.string(),
  users: z.array(z.string()),
  headUser: z.string().nullable(),
  client_id: z.string(),
});
export type DeptUsers = z.infer<typeof deptUsersSchema>;

/** §3 Vacation; `days` is its length in calendar days (what it takes from the remainder). */
export const vacationSchema = z.object({
  _id: z.string(),
  user: z.string(),
  client_id: z.string(),
  start: z.string(),
  end: z.string(),
  days: z.number().int(),
  planned: z.boolean(),
});
export type Vacation = z.infer<typeof vacationSchema>;

/** One row of the team timeline: an employee, their remainder and vacations. */
export const vacationRowSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  position: z.string().nullable(),
  vacationDays: z.number().int(),
  vacations: z.array(vacationSchema),
});
export type VacationRow = z.infer<typeof vacationRowSchema>;

const deptName = requiredString().pipe(z.string().trim().max(200, V.max(200)));
const deptDescription = z.string().trim().max(2000, V.max(2000)).nullable().optional();
const userIds = z.array(Id).max(1000, V.max(1000));
/** A vacation's first or last day: empty or missing is 'Field is required' (issue 29 §17), then YYYY-MM-DD. */
const vacationDate = requiredString().pipe(IsoDate);

export const structureRoutes = {
  structureByClient: defineRoute({
    method: 'GET',
    path: '/api/structure/byClient/{client}',
    subject: 'people.structure.byClient',
    summary: 'Departments of a client (a kind; a subtree with `root`), parents before children',
    spec: '§7 Structure, §6 structures',
    access: access.feature('structures'),
    params: z.object({ client: Id }),
    query: z.object({ kind: z.enum(DEPARTMENT_KINDS).optional(), root: Id.optional() }),
    result: z.array(departmentSchema),
  }),
  structureCreate: defineRoute({
    method: 'POST',
    path: '/api/structure',
    subject: 'people.structure.create',
    feature: 'structure',
    summary: 'Add a department (without a parent: the root of its kind)',
    spec: '§7 Structure, §5 Department',
    access: access.admin,
    body: z.object({
      client_id: Id.optional(),
      kind: z.enum(DEPARTMENT_KINDS),
      name: deptName,
      description: deptDescription,
      parent: Id.nullable().optional(),
    }),
    result: departmentSchema,
  }),
  structureUpdate: defineRoute({
    method: 'PUT',
    path: '/api/structure/{id}',
    subject: 'people.structure.update',
    feature: 'structure',
    summary: 'Rename a department or move it to a new parent (with its subtree)',
    spec: '§7 Structure, §5 Department',
    access: access.admin,
    params: z.object({ id: Id }),
    body: z.object({ name: deptName.optional(), description: deptDescription, parent: Id.optional() }),
    result: departmentSchema,
  }),
  /** Not in §7 (which saves the structure with PUT); §5 names the deletion rules, so deletion has its own route. */
  structureDelete: defineRoute({
    method: 'DELETE',
    path: '/api/structure/{id}',
    subject: 'people.structure.delete',
    feature: 'structure',
    summary: 'Delete a department and its subtree (not the root; none of them with employees)',
    spec: '§5 Department, §7 Structure (added)',
    access: access.admin,
    params: z.object({ id: Id }),
    result: z.object({ deleted: z.number().int() }),
  }),
  structureLoadStruct: defineRoute({
    method: 'POST',
    path: '/api/structure/load_struct',
    subject: 'people.structure.loadStruct',
    feature: 'structure',
    summary:
      "Load the organisation's departments from the HR system (1C:ZUP standard OData, Catalog_ПодразделенияОрганизаций) into the administrative structure: matched by the HR key, created / updated (renamed, moved) / unchanged / failed; never deletes; all or nothing",
    spec: '§7 Users (load_struct), §5 HR integration, §8 loading_struct_hrm_error',
    access: access.admin,
    timeoutMs: 120_000,
    body: z.object({ client_id: Id }),
    result: z.object({
      created: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      failed: z.array(z.object({ ref: z.string(), name: z.string(), reason: z.string() })),
    }),
  }),
  /** Not in §7: the "HR connection test" of the integrations tab (§2, issue 12 Web). */
  structureHrCheck: defineRoute({
    method: 'POST',
    path: '/api/structure/hr_check',
    subject: 'people.structure.hrCheck',
    feature: 'structure',
    summary:
      "Test the client's saved HR-system connection: one read of 1C:ZUP's standard OData (Catalog_ПодразделенияОрганизаций); answers whether it worked, how many departments it saw, or why not. Changes nothing",
    spec: '§2 integrations tab (HR connection test), §5 HR integration (added)',
    access: access.admin,
    timeoutMs: 30_000,
    body: z.object({ client_id: Id }),
    result: hrCheckResultSchema,
  }),
  deptUsersByClient: defineRoute({
    method: 'GET',
    path: '/api/structure/byClient/{client}/dept_users',
    subject: 'people.deptUsers.byClient',
    summary: 'Department-user records of a client',
    spec: '§7 Structure, §6 structures',
    access: access.feature('structures'),
    params: z.object({ client: Id }),
    query: z.object({ kind: z.enum(DEPARTMENT_KINDS).optional() }),
    result: z.array(deptUsersSchema),
  }),
  deptUsersAdd: defineRoute({
    method: 'POST',
    path: '/api/dept_users/{client}/{dept}',
    subject: 'people.deptUsers.add',
    feature: 'structure',
    summary: 'Add employees to a department',
    spec: '§7 Structure',
    access: access.admin,
    params: z.object({ client: Id, dept: Id }),
    body: z.object({ users: userIds.min(1, V.required) }),
    result: deptUsersSchema,
  }),
  deptUsersUpdate: defineRoute({
    method: 'PUT',
    path: '/api/dept_users',
    subject: 'people.deptUsers.update',
    feature: 'structure',
    summary: "Replace a department's employees and/or set its head (one head per department)",
    spec: '§7 Structure, §5 Department',
    access: access.admin,
    body: z.object({ dept_id: Id, users: userIds.optional(), headUser: Id.nullable().optional() }),
    result: deptUsersSchema,
  }),
  deptUsersRemove: defineRoute({
    method: 'DELETE',
    path: '/api/dept_users/{dept}/{user}',
    subject: 'people.deptUsers.remove',
    feature: 'structure',
    summary: 'Remove an employee from a department',
    spec: '§7 Structure',
    access: access.admin,
    params: z.object({ dept: Id, user: Id }),
    result: deptUsersSchema,
  }),
  deptUsersClearChief: defineRoute({
    method: 'PUT',
    path: '/api/dept_users/clear_chief/{id}',
    subject: 'people.deptUsers.clearChief',
    feature: 'structure',
    summary: "Clear a department's head",
    spec: '§7 Structure',
    access: access.admin,
    params: z.object({ id: Id }),
    result: deptUsersSchema,
  }),
  vacationList: defineRoute({
    method: 'GET',
    path: '/api/user/vacations',
    subject: 'people.vacation.list',
    summary: 'Team timeline: employees (of a department subtree; matching a search) with their remainder and vacations',
    spec: '§7 Users, §6 vacations',
    access: access.feature('vacations'),
    query: z.object({ dept: Id.optional(), search: z.string().max(100).optional() }),
    /** `approvable`: the listed employees whose vacations the caller may approve and delete (vacations_edit, or their direct chief). */
    result: z.object({ users: z.array(vacationRowSchema), approvable: z.array(z.string()) }),
  }),
  vacationCreate: defineRoute({
    method: 'POST',
    path: '/api/user/vacation',
    subject: 'people.vacation.create',
    summary: "Request a vacation (one's own; anyone's with vacations_edit)",
    spec: '§7 Users, §5 Vacation, §6 vacations_edit',
    access: access.feature('vacations'),
    body: z
      .object({ user: Id.optional(), start: vacationDate, end: vacationDate, planned: z.boolean().optional() })
      .refine((v) => v.end >= v.start, { path: ['end'], message: VACATION_TEXT.endBeforeStart }),
    result: vacationSchema,
  }),
  vacationUpdate: defineRoute({
    method: 'PUT',
    path: '/api/user/vacation/{id}',
    subject: 'people.vacation.update',
    summary: "Change a vacation (dates; approval: planned=false, by vacations_edit or the employee's direct chief, never by the employee)",
    spec: '§7 Users, §5 Vacation, §6 vacations_edit',
    access: access.feature('vacations'),
    params: z.object({ id: Id }),
    body: z.object({ start: vacationDate.optional(), end: vacationDate.optional(), planned: z.boolean().optional() }),
    result: vacationSchema,
  }),
  vacationDelete: defineRoute({
    method: 'DELETE',
    path: '/api/user/vacation/{user}/{id}',
    subject: 'people.vacation.delete',
    summary: "Delete a vacation (its employee before it starts, vacations_edit or the employee's direct chief; its days return to the remainder)",
    spec: '§7 Users, §5 Vacation, §6 vacations_edit',
    access: access.feature('vacations'),
    params: z.object({ user: Id, id: Id }),
    result: vacationSchema,
  }),
} satisfies Record<string, RouteDef>;

/** §4 Vacation added or deleted (and changed), written through the outbox. */
/** A vacation event's payload: the vacation and who made the change (notifications tells the employee of a manager's decision). */
const vacationEvent = vacationSchema.extend({ by: z.string().nullable().optional() });
export const vacationEvents = {
  vacationAdded: defineEvent('evt.people.vacation.added', vacationEvent),
  vacationUpdated: defineEvent('evt.people.vacation.updated', vacationEvent),
  vacationDeleted: defineEvent('evt.people.vacation.deleted', vacationEvent),
} satisfies Record<string, EventDef>;

/** Payload of `evt.people.department.created|updated`: the department after the change and who made it (`by`). */
export const departmentEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(DEPARTMENT_KINDS),
  name: z.string(),
  parent: z.string().nullable(),
  /** updated only: whether it moved to a new parent (with its subtree). */
  moved: z.boolean().optional(),
  by: z.string().nullable(),
});
export type DepartmentEvent = z.infer<typeof departmentEventSchema>;

/**
 * Company structure changes (§3 Department, Department-user record; §7 Structure), written through the outbox in the
 * change's transaction; `by` is who did it. `dept_users.updated` names the employees affected (`added`, `removed`,
 * the head before and after; an HR load of employees, load_hrm, sends one per department whose members it changed).
 * `structure.loaded` is one summary per load_struct (not one event per HR department).
 * Relayed to the client's sockets: an open /structure_new chart reloads on them.
 */
export const structureEvents = {
  departmentCreated: defineEvent('evt.people.department.created', departmentEventSchema, 'A department was added'),
  departmentUpdated: defineEvent('evt.people.department.updated', departmentEventSchema, 'A department was renamed or moved (with its subtree)'),
  departmentDeleted: defineEvent(
    'evt.people.department.deleted',
    z.object({ _id: z.string(), kind: z.enum(DEPARTMENT_KINDS), name: z.string(), ids: z.array(z.string()), by: z.string().nullable() }),
    'A department was deleted with its subtree (`ids`: every department removed)',
  ),
  deptUsersUpdated: defineEvent(
    'evt.people.dept_users.updated',
    deptUsersSchema.extend({
      kind: z.enum(DEPARTMENT_KINDS),
      added: z.array(z.string()),
      removed: z.array(z.string()),
      previousHead: z.string().nullable(),
      by: z.string().nullable(),
    }),
    "A department's employees or head changed (`added` / `removed` employees, head before and after)",
  ),
  structureLoaded: defineEvent(
    'evt.people.structure.loaded',
    z.object({
      kind: z.enum(DEPARTMENT_KINDS),
      created: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      failed: z.number().int(),
      by: z.string().nullable(),
    }),
    'Departments were loaded from the HR system (load_struct), with the counts of its answer',
  ),
} satisfies Record<string, EventDef>;

/** Project texts (§3 project; a project's department must be of the project kind). */
export const PROJECT_TEXT = {
  deptNotProject: 'Choose a department of the project structure',
} as const;

/** §3 project as the API returns it. */
export const projectSchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  creatorId: z.string().nullable(),
  participants: z.array(z.string()),
  dept_id: z.string().nullable(),
  created: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

const projectFields = {
  name: requiredString().pipe(z.string().trim().max(200, V.max(200))),
  description: z.string().trim().max(2000, V.max(2000)).nullable().optional(),
  participants: userIds.optional(),
  dept_id: Id.nullable().optional(),
};

/** §7 Projects: a project has a creator and participants; its creator or an administrator changes it. */
export const projectRoutes = {
  projectCreate: defineRoute({
    method: 'POST',
    path: '/api/project/',
    subject: 'people.project.create',
    summary: 'Create a project (the caller is its creator)',
    spec: '§7 Projects, §3 project',
    access: access.feature('structures'),
    body: z.object(projectFields),
    result: projectSchema,
  }),
  projectList: defineRoute({
    method: 'GET',
    path: '/api/project/',
    subject: 'people.project.list',
    summary: "Projects of the caller's client, by name",
    spec: '§7 Projects',
    access: access.feature('structures'),
    result: z.array(projectSchema),
  }),
  projectGet: defineRoute({
    method: 'GET',
    path: '/api/project/{id}',
    subject: 'people.project.get',
    summary: 'One project with its participants',
    spec: '§7 Projects',
    access: access.feature('structures'),
    params: z.object({ id: Id }),
    result: projectSchema,
  }),
  projectUpdate: defineRoute({
    method: 'PUT',
    path: '/api/project/{id}',
    subject: 'people.project.update',
    summary: 'Change a project (`participants` replaces them); its creator or an administrator',
    spec: '§7 Projects',
    access: access.feature('structures'),
    params: z.object({ id: Id }),
    body: z.object(projectFields).partial(),
    result: projectSchema,
  }),
  projectDelete: defineRoute({
    method: 'DELETE',
    path: '/api/project/{id}',
    subject: 'people.project.delete',
    summary: 'Delete a project; its creator or an administrator',
    spec: '§7 Projects',
    access: access.feature('structures'),
    params: z.object({ id: Id }),
    result: z.object({ _id: z.string() }),
  }),
  projectParticipantAdd: defineRoute({
    method: 'POST',
    path: '/api/projectParticipant/',
    subject: 'people.project.participantAdd',
    summary: 'Add participants to a project; its creator or an administrator',
    spec: '§7 Projects',
    access: access.feature('structures'),
    body: z.object({ project_id: Id, users: userIds.min(1, V.required) }),
    result: projectSchema,
  }),
} satisfies Record<string, RouteDef>;

/** Payload of `evt.people.project.created|updated`: the project as stored after the change and who made it (`by`). */
export const projectEventSchema = projectSchema.extend({ by: z.string().nullable() });
export type ProjectEvent = z.infer<typeof projectEventSchema>;

/**
 * Project changes (§3 project, §7 Projects), written through the outbox in the change's transaction. `participants`
 * and `creatorId` name the people affected; `by` who did it. `deleted` carries the project as it was before deletion.
 * Relayed to the client's sockets (the projects panel of /structure_new refreshes on them).
 */
export const projectEvents = {
  projectCreated: defineEvent('evt.people.project.created', projectEventSchema, 'A project was created'),
  projectUpdated: defineEvent('evt.people.project.updated', projectEventSchema, 'A project was changed (name, description, department or participants)'),
  projectDeleted: defineEvent('evt.people.project.deleted', projectEventSchema, 'A project was deleted (its last state)'),
} satisfies Record<string, EventDef>;

/**
 * The company structure, vacation and project routes (§7 Structure, Projects, Users vacations), imported as
 * `@intranet/people-contract/structure`: a module of their own so the shell's first load (its shared singletons import
 * the package's main module) does not carry them.
 */
export const peopleOrgRoutes = { ...structureRoutes, ...projectRoutes } satisfies Record<string, RouteDef>;
