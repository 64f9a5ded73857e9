import { z } from '@intranet/platform-contracts';

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
