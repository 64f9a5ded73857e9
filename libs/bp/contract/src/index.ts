import { access, defineEvent, defineRoute, defineSubject, Id, isCalendarDate, IsoDate, V, z, type EventPayload } from '@intranet/platform-contracts';

/**
 * The services domain's API as data (DESIGN §4): §3 Service (business process) and service group, §4 Business
 * process, the §7 Services routes (exact paths), the §5/§9 limits with stable codes, and the events.
 *
 * Shape: a service ("bp") is a definition — name, description, group, responsible department, days limit, access
 * (everyone, or chosen users / departments) and up to 5 steps, each with a form (up to 10 typed fields) and
 * performers (initiator, the initiator's direct chief, a chosen employee, several employees; up to 5 people). The
 * first step is the start form the initiator fills. Every change of a service raises its `version`; a request
 * ("runned bp") keeps a snapshot of the definition it was started on, so editing a service never changes running
 * requests.
 */

/** §9 Service limits. */
export const BP_LIMITS = {
  steps: 5,
  fields: 10,
  performers: 5,
  minStepsToStart: 2,
  string: 50,
  text: 5000,
  name: 200,
  description: 5000,
  reason: 2000,
} as const;

/** §5 / §8 service texts (server and web say the same thing); each has a stable code in BP_CODES. */
export const BP_TEXT = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  groupRequired: 'Group is required',
  groupNotFound: 'The service group was not found',
  stepsMax: 'Max 5 steps',
  fieldsMax: 'Max 10 fields per form',
  performersMax: 'Max 5 performers per step',
  stepNameRequired: 'Form name is required',
  fieldNameRequired: 'Field name is required',
  performersRequired: 'Receivers are required',
  optionsRequired: 'A select field needs options',
  minStepsToStart: 'A request needs at least 2 steps',
  stringMax: 'Max 50 symbols',
  invalidNumber: 'Enter a number',
  invalidDate: 'Invalid date',
  invalidPeriod: 'Invalid period',
  notAnOption: 'Choose one of the options',
  invalidCheckbox: 'Invalid value',
  invalidEmail: 'Invalid e-mail',
  invalidPhone: 'Invalid phone format',
  userNotInClient: 'Choose employees of your company',
  invalidValue: 'Invalid value',
  fieldRequired: 'Field is required',
  notPerformer: 'You are not a performer of this step',
  notAllowed: 'This service is not available to you',
  reasonRequired: 'Give a reason to decline',
  reviewNoDecline: 'A review step is only acknowledged',
  notActive: 'The request is finished',
  notFinished: 'Only a finished request becomes a template',
  chiefNotFound: 'The direct chief was not found: ask an administrator to set a head for your department in Structure',
  noPerformers: 'The step has no performers',
  stepChanged: 'The request moved on: reload it',
  groupHasServices: 'The group has services',
  fileNotOwn: 'Attach a file you uploaded',
} as const;

/** Stable codes of the §5 service texts (the web words them in ru, uk, en). */
export const BP_CODES = {
  nameRequired: 'bpNameRequired',
  descriptionRequired: 'bpDescriptionRequired',
  groupRequired: 'bpGroupRequired',
  groupNotFound: 'bpGroupNotFound',
  stepsMax: 'bpStepsMax',
  fieldsMax: 'bpFieldsMax',
  performersMax: 'bpPerformersMax',
  stepNameRequired: 'bpStepNameRequired',
  fieldNameRequired: 'bpFieldNameRequired',
  performersRequired: 'bpPerformersRequired',
  optionsRequired: 'bpOptionsRequired',
  minStepsToStart: 'bpMinStepsToStart',
  stringMax: 'bpStringMax',
  invalidNumber: 'bpInvalidNumber',
  invalidDate: 'bpInvalidDate',
  invalidPeriod: 'bpInvalidPeriod',
  notAnOption: 'bpNotAnOption',
  invalidCheckbox: 'bpInvalidCheckbox',
  invalidEmail: 'bpInvalidEmail',
  invalidPhone: 'bpInvalidPhone',
  userNotInClient: 'bpUserNotInClient',
  invalidValue: 'bpInvalidValue',
  fieldRequired: 'bpFieldRequired',
  notPerformer: 'bpNotPerformer',
  notAllowed: 'bpNotAllowed',
  reasonRequired: 'bpReasonRequired',
  reviewNoDecline: 'bpReviewNoDecline',
  notActive: 'bpNotActive',
  notFinished: 'bpNotFinished',
  chiefNotFound: 'bpChiefNotFound',
  noPerformers: 'bpNoPerformers',
  stepChanged: 'bpStepChanged',
  groupHasServices: 'bpGroupHasServices',
  fileNotOwn: 'bpFileNotOwn',
} as const satisfies Record<keyof typeof BP_TEXT, string>;

/** §3 field types of a step's form. */
export const FIELD_TYPES = [
  'string',
  'text',
  'number',
  'date',
  'period',
  'select',
  'checkbox',
  'file',
  'department',
  'user',
  'users',
  'phone',
  'email',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** §3 step performers: the initiator, the initiator's direct chief, a chosen employee, several employees. */
export const PERFORMER_KINDS = ['initiator', 'chief', 'employee', 'employees'] as const;
export type PerformerKind = (typeof PERFORMER_KINDS)[number];
/** §4 request states (the spec does not show their names). */
export const REQUEST_STATUSES = ['active', 'finished', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

const shortId = z.string().trim().min(1).max(40);

/** One field of a step's form; `_id` kept across edits (values refer to it). */
export const fieldSchema = z.object({
  _id: shortId.optional(),
  name: z.string().trim().max(200, V.max(200)).default(''),
  type: z.enum(FIELD_TYPES, { error: V.required }),
  required: z.boolean().default(false),
  /** select: the options (1..50). */
  options: z.array(z.string().trim().min(1).max(200)).max(50).optional(),
});
export type FieldInput = z.input<typeof fieldSchema>;
export type Field = { _id: string; name: string; type: FieldType; required: boolean; options?: string[] };

/** One performer entry: `employee` names one user, `employees` several; initiator and chief none. */
export const performerSchema = z.object({
  kind: z.enum(PERFORMER_KINDS, { error: V.required }),
  users: z
    .array(Id)
    .max(BP_LIMITS.performers * 4)
    .optional(),
});
export type Performer = z.infer<typeof performerSchema>;

/** A step as an administrator writes it. The first step is the start form (filled by the initiator). */
export const stepInput = z.object({
  /** Kept when given (a whole step list sent back keeps its ids); new steps get one. */
  _id: shortId.optional(),
  name: z.string().trim().max(200, V.max(200)).default(''),
  /** A review step is only acknowledged (no decline, no form needed). */
  review: z.boolean().default(false),
  fields: z.array(fieldSchema).max(100).default([]),
  performers: z.array(performerSchema).max(50).default([]),
});
export type StepInput = z.input<typeof stepInput>;
export type Step = { _id: string; name: string; review: boolean; fields: Field[]; performers: Performer[] };

export const stepSchema = z.object({
  _id: z.string(),
  name: z.string(),
  review: z.boolean(),
  fields: z.array(z.object({ _id: z.string(), name: z.string(), type: z.enum(FIELD_TYPES), required: z.boolean(), options: z.array(z.string()).optional() })),
  performers: z.array(performerSchema),
});

/** A §5 problem: the field path, the text and its code. */
export interface BpIssue {
  field: string;
  message: string;
  code: string;
  params?: Record<string, unknown>;
}
export const bpIssue = (field: string, key: keyof typeof BP_TEXT, params?: Record<string, unknown>): BpIssue => ({
  field,
  message: BP_TEXT[key],
  code: BP_CODES[key],
  ...(params ? { params } : {}),
});

/** How many people a step's performers name (initiator and chief one each; employees each user). */
export const performerCount = (ps: readonly { kind: string; users?: readonly string[] }[]) =>
  ps.reduce((n, p) => n + (p.kind === 'employee' || p.kind === 'employees' ? Math.max(1, p.users?.length ?? 0) : 1), 0);

/**
 * §5 rules of one step at `prefix`: form name required; at most 10 fields; field names required; select fields
 * need options; the first step aside, performers required; at most 5 performers; chosen employees named.
 */
export function stepIssues(
  s: { name?: string | null; fields?: { name?: string | null; type?: string; options?: string[] }[]; performers?: { kind: string; users?: string[] }[] },
  prefix: string,
  first: boolean,
): BpIssue[] {
  const out: BpIssue[] = [];
  if (!s.name?.trim()) out.push(bpIssue(`${prefix}name`, 'stepNameRequired'));
  const fields = s.fields ?? [];
  if (fields.length > BP_LIMITS.fields) out.push(bpIssue(`${prefix}fields`, 'fieldsMax', { max: BP_LIMITS.fields }));
  fields.forEach((f, i) => {
    if (!f.name?.trim()) out.push(bpIssue(`${prefix}fields.${i}.name`, 'fieldNameRequired'));
    if (f.type === 'select' && !f.options?.length) out.push(bpIssue(`${prefix}fields.${i}.options`, 'optionsRequired'));
  });
  const ps = s.performers ?? [];
  if (!first && !ps.length) out.push(bpIssue(`${prefix}performers`, 'performersRequired'));
  if (performerCount(ps) > BP_LIMITS.performers) out.push(bpIssue(`${prefix}performers`, 'performersMax', { max: BP_LIMITS.performers }));
  ps.forEach((p, i) => {
    if ((p.kind === 'employee' || p.kind === 'employees') && !p.users?.length) out.push(bpIssue(`${prefix}performers.${i}.users`, 'performersRequired'));
  });
  return out;
}

/** §5 Service rules on a whole service: name, description, group required; at most 5 steps; each step's rules. */
export function serviceIssues(p: {
  name?: string | null;
  description?: string | null;
  group?: string | null;
  steps?: Parameters<typeof stepIssues>[0][];
}): BpIssue[] {
  const out: BpIssue[] = [];
  if (!p.name?.trim()) out.push(bpIssue('name', 'nameRequired'));
  if (!p.description?.trim()) out.push(bpIssue('description', 'descriptionRequired'));
  if (!p.group) out.push(bpIssue('group', 'groupRequired'));
  const steps = p.steps ?? [];
  if (steps.length > BP_LIMITS.steps) out.push(bpIssue('steps', 'stepsMax', { max: BP_LIMITS.steps }));
  steps.forEach((s, i) => out.push(...stepIssues(s, `steps.${i}.`, i === 0)));
  return out;
}

/** A form's values: field id → value (string, number, boolean, list of strings, or a period). */
export const fieldValue = z.union([
  z.string().max(BP_LIMITS.text),
  z.number(),
  z.boolean(),
  z.array(z.string().max(500)).max(200),
  z.object({ from: z.string().max(10), to: z.string().max(10) }),
  z.null(),
]);
export type FieldValue = z.infer<typeof fieldValue>;
export const valuesSchema = z.record(z.string().max(40), fieldValue);
export type Values = z.infer<typeof valuesSchema>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\+?[0-9][0-9\s()-]{4,19}$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * A `file` field's value: the storage key POST api/upload?kind=file answered (`<client>/file/<uuid>/<name>`). The
 * server also checks it is the client's, exists, and was not attached by someone else (§5 "files uploaded by the
 * requester").
 */
export const FILE_KEY_RE = /^[0-9a-f-]{36}\/file\/[0-9a-f-]{36}\/[^/\\]{1,255}$/i;
/** The file name a file value's key ends with. */
export const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);
const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * §5 "every field value is validated by its type" on one form: required fields filled; string ≤ 50 symbols; text
 * ≤ 5000; number finite; date YYYY-MM-DD; period {from ≤ to}; select one of the options; checkbox boolean; e-mail,
 * phone formats; user / users uuids that `isClientUser` accepts (the server passes the client's employees; the web
 * passes nothing and leaves that check to the server); file: an upload key (FILE_KEY_RE) that `isOwnFile` accepts. Output: the problems (field `values.<fieldId>`) and the
 * cleaned values (only the form's fields).
 */
export function checkValues(
  fields: readonly Field[],
  values: Values,
  isClientUser?: (id: string) => boolean,
  isOwnFile?: (key: string) => boolean,
): { issues: BpIssue[]; clean: Values } {
  const issues: BpIssue[] = [];
  const clean: Values = {};
  for (const f of fields) {
    const v = values[f._id];
    const at = `values.${f._id}`;
    if (empty(v) || (f.type === 'checkbox' && v === false && f.required)) {
      if (f.required) issues.push(bpIssue(at, 'fieldRequired'));
      continue;
    }
    const bad = (key: keyof typeof BP_TEXT, params?: Record<string, unknown>) => issues.push(bpIssue(at, key, params));
    switch (f.type) {
      case 'string':
        if (typeof v !== 'string') bad('invalidValue');
        else if (v.trim().length > BP_LIMITS.string) bad('stringMax', { max: BP_LIMITS.string });
        else clean[f._id] = v.trim();
        break;
      case 'text':
      case 'department':
        if (typeof v !== 'string') bad('invalidValue');
        else clean[f._id] = v.trim();
        break;
      case 'file':
        if (typeof v !== 'string' || !FILE_KEY_RE.test(v) || v.includes('..')) bad('invalidValue');
        else if (isOwnFile && !isOwnFile(v)) bad('fileNotOwn');
        else clean[f._id] = v;
        break;
      case 'number':
        if (typeof v !== 'number' || !Number.isFinite(v)) bad('invalidNumber');
        else clean[f._id] = v;
        break;
      case 'date':
        if (typeof v !== 'string' || !isCalendarDate(v)) bad('invalidDate');
        else clean[f._id] = v;
        break;
      case 'period':
        if (!v || typeof v !== 'object' || Array.isArray(v) || !isCalendarDate(v.from) || !isCalendarDate(v.to) || v.from > v.to) bad('invalidPeriod');
        else clean[f._id] = { from: v.from, to: v.to };
        break;
      case 'select':
        if (typeof v !== 'string' || !f.options?.includes(v)) bad('notAnOption');
        else clean[f._id] = v;
        break;
      case 'checkbox':
        if (typeof v !== 'boolean') bad('invalidCheckbox');
        else clean[f._id] = v;
        break;
      case 'email':
        if (typeof v !== 'string' || !EMAIL_RE.test(v.trim())) bad('invalidEmail');
        else clean[f._id] = v.trim();
        break;
      case 'phone':
        if (typeof v !== 'string' || !PHONE_RE.test(v.trim())) bad('invalidPhone');
        else clean[f._id] = v.trim();
        break;
      case 'user':
      case 'users': {
        const ids = f.type === 'user' ? [v] : v;
        if (!Array.isArray(ids) || (f.type === 'user' && typeof v !== 'string') || !ids.every((x) => typeof x === 'string' && UUID_RE.test(x)))
          bad('invalidValue');
        else if (isClientUser && !ids.every((x) => isClientUser(x as string))) bad('userNotInClient');
        else clean[f._id] = v;
        break;
      }
    }
  }
  return { issues, clean };
}

/** §3 Service group. */
export const groupSchema = z.object({ _id: z.string(), client_id: z.string(), name: z.string(), created: z.string() });
export type ServiceGroup = z.infer<typeof groupSchema>;

/** Who may start a service: everyone of the client, or the chosen users and departments (§2 rights tab). */
export const accessSchema = z.object({
  for_all: z.boolean().default(true),
  users: z.array(Id).max(500).default([]),
  departments: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
});

const serviceFields = z.object({
  // No defaults: a PUT that leaves them out keeps the stored ones (zod 4 applies a default under .partial()).
  name: z.string().trim().max(BP_LIMITS.name, V.max(BP_LIMITS.name)).optional(),
  description: z.string().trim().max(BP_LIMITS.description, V.max(BP_LIMITS.description)).optional(),
  /** The service group's id (§5 "group required"). */
  group: Id.nullable().optional(),
  /** Responsible department (free text, as people keeps departments). */
  department: z.string().trim().max(100, V.max(100)).nullable().optional(),
  /** Days from the start a request should be finished in; null: no limit. */
  days_limit: z.number().int().min(1).max(3650).nullable().optional(),
  for_all: z.boolean().optional(),
  users: z.array(Id).max(500).optional(),
  departments: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  steps: z.array(stepInput).max(50).optional(),
  /** The knowledge-base article describing the service (GET api/service/byArticle/{id} lists it there); null: none. */
  article: Id.nullable().optional(),
});
/** POST api/bp body (every §5 rule is checked again on the server, one answer lists every problem). */
export const serviceCreate = serviceFields;
/** PUT api/bp/{id} body: any of the fields (steps replace all steps when given). */
export const serviceUpdate = serviceFields.partial();

/** §3 Service as answers give it; `canManage` and `canStart` describe the caller. */
export const serviceSchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  name: z.string(),
  description: z.string(),
  group: z.string().nullable(),
  /** §3 type: simple (one stage) or multi-stage, from the steps. */
  type: z.enum(['simple', 'multi']),
  department: z.string().nullable(),
  days_limit: z.number().nullable(),
  for_all: z.boolean(),
  users: z.array(z.string()),
  departments: z.array(z.string()),
  steps: z.array(stepSchema),
  version: z.number(),
  author: z.string().nullable(),
  /** The knowledge-base article describing it, or null. */
  article: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  canManage: z.boolean(),
  canStart: z.boolean(),
});
export type Service = z.infer<typeof serviceSchema>;
export const serviceListItem = serviceSchema.omit({ steps: true, users: true, departments: true }).extend({ stepsCount: z.number() });
export type ServiceListItem = z.infer<typeof serviceListItem>;

/** One step of a request: who performs it, its frozen values once passed, its outcome. */
export const requestStepSchema = z.object({
  _id: z.string(),
  name: z.string(),
  review: z.boolean(),
  performers: z.array(z.string()),
  values: valuesSchema,
  result: z.enum(['accepted', 'declined']).nullable(),
  by: z.string().nullable(),
  at: z.string().nullable(),
  reason: z.string().nullable(),
});
export type RequestStep = z.infer<typeof requestStepSchema>;

export const historySchema = z.object({
  at: z.string(),
  user: z.string().nullable(),
  action: z.enum(['started', 'assigned', 'accepted', 'declined', 'finished', 'rejected', 'overdue']),
  step: z.number().nullable(),
  reason: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historySchema>;

/** A comment on a request (§3 "a running request holds steps and comments"). */
export const commentSchema = z.object({ _id: z.string(), user: z.string(), text: z.string(), at: z.string() });
export type BpComment = z.infer<typeof commentSchema>;

/** §3 running request ("runned bp"): the definition snapshot it runs on and its state. */
export const requestSchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  bp: z.string(),
  name: z.string(),
  /** The service version the request was started on (its definition snapshot: `definition`). */
  version: z.number(),
  definition: z.object({ steps: z.array(stepSchema), days_limit: z.number().nullable(), department: z.string().nullable() }),
  initiator: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** Index of the current step (steps.length once finished). */
  current_step: z.number(),
  steps: z.array(requestStepSchema),
  history: z.array(historySchema),
  comments: z.array(commentSchema),
  due: z.string().nullable(),
  overdue: z.boolean(),
  created: z.string(),
  finished: z.string().nullable(),
  /** Names of the people named in it (initiator, performers, history). */
  names: z.record(z.string(), z.string()),
  /** Signed download URLs of the request's file values (storage key → URL, valid an hour). */
  files: z.record(z.string(), z.string()),
  /** The caller is a performer of the current step. */
  canPass: z.boolean(),
});
export type BpRequest = z.infer<typeof requestSchema>;
export const requestListItem = requestSchema.omit({ definition: true, steps: true, history: true, comments: true, names: true, files: true }).extend({
  stepsCount: z.number(),
  currentStepName: z.string().nullable(),
});
export type RequestListItem = z.infer<typeof requestListItem>;

export const templateSchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  bp: z.string(),
  name: z.string(),
  owner: z.string(),
  values: valuesSchema,
  created: z.string(),
});
export type BpTemplate = z.infer<typeof templateSchema>;

/** A service request (POST api/user/send_service_req): an employee asks the administrators for a service. */
export const serviceReqSchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  author: z.string(),
  /** The service they may not start yet, or null: one they cannot find. */
  bp: z.string().nullable(),
  text: z.string(),
  created: z.string(),
});
export type ServiceReq = z.infer<typeof serviceReqSchema>;

const idParam = z.object({ id: Id });
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(20);
const svc = access.feature('services');

export const bpRoutes = {
  groupList: defineRoute({
    method: 'GET',
    path: '/api/service_group',
    subject: 'bp.group.list',
    summary: "The service groups of the caller's client, by name",
    spec: '§7 Services',
    access: svc,
    result: z.array(groupSchema),
  }),
  groupCreate: defineRoute({
    method: 'POST',
    path: '/api/service_group',
    subject: 'bp.group.create',
    summary: 'Create a service group (administrators)',
    spec: '§7 Services',
    access: access.admin,
    body: z.object({ name: z.string({ error: BP_TEXT.nameRequired }).trim().min(1, BP_TEXT.nameRequired).max(200, V.max(200)) }),
    result: groupSchema,
  }),
  groupUpdate: defineRoute({
    method: 'PUT',
    path: '/api/service_group',
    subject: 'bp.group.update',
    summary: 'Rename a service group (administrators); the group is named by `_id` in the body',
    spec: '§7 Services',
    access: access.admin,
    body: z.object({ _id: Id, name: z.string({ error: BP_TEXT.nameRequired }).trim().min(1, BP_TEXT.nameRequired).max(200, V.max(200)) }),
    result: groupSchema,
  }),
  groupDelete: defineRoute({
    method: 'DELETE',
    path: '/api/service_group',
    subject: 'bp.group.delete',
    summary: 'Delete an empty service group (administrators); the group is named by `_id` in the query (a DELETE carries no body). 400 while it has services',
    spec: '§7 Services',
    access: access.admin,
    query: z.object({ _id: Id }),
    result: z.object({ _id: z.string() }),
  }),
  byClient: defineRoute({
    method: 'GET',
    path: '/api/service_group/byClient/{client}',
    subject: 'bp.group.byClient',
    summary: 'The catalogue: groups with the services the caller may start (administrators: all), searchable by name',
    spec: '§7 Services, §2 /services/',
    access: svc,
    params: z.object({ client: Id }),
    query: z.object({ search: z.string().trim().max(100).optional() }),
    result: z.object({ groups: z.array(groupSchema.extend({ services: z.array(serviceListItem) })), canManage: z.boolean() }),
  }),
  byArticle: defineRoute({
    method: 'GET',
    path: '/api/service/byArticle/{id}',
    subject: 'bp.service.byArticle',
    summary:
      'The services a knowledge-base article describes (their `article`) that the caller may start (administrators: all), by name; an empty list when no service of the client names the article (not an error: the article page asks on every view)',
    spec: '§7 Services',
    access: svc,
    params: idParam,
    result: z.array(serviceListItem),
  }),
  sendServiceReq: defineRoute({
    method: 'POST',
    path: '/api/user/send_service_req',
    subject: 'bp.serviceReq.send',
    summary: 'Ask the administrators for a service: one the caller cannot find (no bp) or one they may not start yet (bp). Raises evt.bp.service_req.sent',
    spec: '§7 Users (send_service_req), §7 Services',
    access: svc,
    body: z.object({
      text: z.string({ error: V.required }).trim().min(1, V.required).max(BP_LIMITS.reason, V.max(BP_LIMITS.reason)),
      bp: Id.nullable().optional(),
    }),
    result: serviceReqSchema,
  }),
  serviceReqs: defineRoute({
    method: 'GET',
    path: '/api/service/requests',
    subject: 'bp.serviceReq.list',
    summary: "The client's service requests, newest first (administrators; added: §7 names only the sending route)",
    spec: '§7 Users (send_service_req)',
    access: access.admin,
    query: z.object({ page, limit }),
    result: z.object({ items: z.array(serviceReqSchema), total: z.number(), page: z.number(), limit: z.number() }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/bp/{id}',
    subject: 'bp.service.get',
    summary: 'One service with its steps (those who may start it, and administrators)',
    spec: '§7 Services',
    access: svc,
    params: idParam,
    result: serviceSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/bp',
    subject: 'bp.service.create',
    summary: 'Create a service (administrators): §5 name, description, group required, at most 5 steps',
    spec: '§7 Services, §5 Service',
    access: access.admin,
    body: serviceCreate,
    result: serviceSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/bp/{id}',
    subject: 'bp.service.update',
    summary: 'Edit a service (administrators); raises its version — running requests keep the definition they started on',
    spec: '§7 Services, §5 Service',
    access: access.admin,
    params: idParam,
    body: serviceUpdate,
    result: serviceSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/bp/{id}',
    subject: 'bp.service.delete',
    summary: 'Delete a service (administrators) with its templates; running requests go on with their snapshot',
    spec: '§7 Services',
    access: access.admin,
    params: idParam,
    result: z.object({ _id: z.string() }),
  }),
  stepAdd: defineRoute({
    method: 'POST',
    path: '/api/bp/{bp}/step',
    subject: 'bp.step.add',
    summary: 'Add a step to a service (administrators): §5 at most 5 steps, 10 fields, 5 performers',
    spec: '§7 Services, §5 Service',
    access: access.admin,
    params: z.object({ bp: Id }),
    body: stepInput,
    result: serviceSchema,
  }),
  stepUpdate: defineRoute({
    method: 'PUT',
    path: '/api/bp/{bp}/step',
    subject: 'bp.step.update',
    summary: 'Replace one step of a service (administrators), named by `_id` in the body',
    spec: '§7 Services, §5 Service',
    access: access.admin,
    params: z.object({ bp: Id }),
    body: stepInput.extend({ _id: shortId }),
    result: serviceSchema,
  }),
  stepDelete: defineRoute({
    method: 'DELETE',
    path: '/api/bp/{bp}/step/{step_id}',
    subject: 'bp.step.delete',
    summary: 'Remove a step of a service (administrators)',
    spec: '§7 Services',
    access: access.admin,
    params: z.object({ bp: Id, step_id: shortId }),
    result: serviceSchema,
  }),
  start: defineRoute({
    method: 'POST',
    path: '/api/bp/start',
    subject: 'bp.request.start',
    summary:
      'Start a request: the initiator fills the first step (the start form, or a template’s values); §5 at least 2 steps; the second step’s performers are resolved and assigned',
    spec: '§7 Services, §4 Business process, §5 Service',
    access: svc,
    body: z.object({ bp: Id, values: valuesSchema.default({}), template: Id.optional() }),
    result: requestSchema,
  }),
  passStep: defineRoute({
    method: 'POST',
    path: '/api/bp/{bp}/pass_step',
    subject: 'bp.request.passStep',
    summary:
      'Pass the current step of request {bp} (one of its performers): accept with the step’s form values (frozen from then on), or decline with a reason (rejects the request); review steps are acknowledged',
    spec: '§7 Services, §4 Business process',
    access: svc,
    params: z.object({ bp: Id }),
    body: z.object({
      decision: z.enum(['accept', 'decline']).default('accept'),
      values: valuesSchema.default({}),
      reason: z.string().trim().max(BP_LIMITS.reason, V.max(BP_LIMITS.reason)).optional(),
      /** The step the caller saw (index); a stale one answers 409. */
      step: z.number().int().min(0).max(50).optional(),
    }),
    result: requestSchema,
  }),
  request: defineRoute({
    method: 'GET',
    path: '/api/bp/request/{id}',
    subject: 'bp.request.get',
    summary:
      'One request with its steps, values, history (its initiator, its performers, administrators). Not in §7 (the spec shows no path for reading a request): added beside api/bp/runned',
    spec: '§7 Services (added), §4',
    access: svc,
    params: idParam,
    result: requestSchema,
  }),
  comment: defineRoute({
    method: 'POST',
    path: '/api/bp/request/{id}/comment',
    subject: 'bp.request.comment',
    summary:
      'Comment on a request (its initiator, its performers, administrators); publishes evt.bp.request.commented to them. Not in §7: added beside GET api/bp/request/{id}',
    spec: '§7 Services (added), §3',
    access: svc,
    params: idParam,
    body: z.object({ text: z.string({ error: V.required }).trim().min(1, V.required).max(BP_LIMITS.reason, V.max(BP_LIMITS.reason)) }),
    result: requestSchema,
  }),
  runned: defineRoute({
    method: 'GET',
    path: '/api/bp/runned/{user}',
    subject: 'bp.request.runned',
    summary:
      'Requests of a user, newest first: `as=initiator` (my requests) or `as=performer` (requests to me: current step, or already passed by them); optional bp, finished=1, from, to (YYYY-MM-DD of the start). Oneself, or anyone for an administrator',
    spec: '§7 Services',
    access: svc,
    params: z.object({ user: Id }),
    query: z.object({
      as: z.enum(['initiator', 'performer']).default('initiator'),
      bp: Id.optional(),
      finished: z.enum(['0', '1']).optional(),
      from: IsoDate.optional(),
      to: IsoDate.optional(),
      page,
      limit,
    }),
    result: z.object({ requests: z.array(requestListItem), total: z.number(), page: z.number(), limit: z.number() }),
  }),
  serviceRequests: defineRoute({
    method: 'GET',
    path: '/api/bp/{id}/requests',
    subject: 'bp.request.byService',
    summary:
      "A service's requests, newest first (administrators: the §2 requests tab of /service/{_id}); optional finished=0|1, paged. Added: §7 lists a user's requests only",
    spec: '§2 /service/{_id} requests tab',
    access: access.admin,
    params: idParam,
    query: z.object({ finished: z.enum(['0', '1']).optional(), page, limit }),
    result: z.object({ requests: z.array(requestListItem), total: z.number(), page: z.number(), limit: z.number() }),
  }),
  tmpls: defineRoute({
    method: 'GET',
    path: '/api/bp/tmpls/{client}',
    subject: 'bp.template.list',
    summary: 'The caller’s templates in their client (finished requests saved to start the next one quickly)',
    spec: '§7 Services',
    access: svc,
    params: z.object({ client: Id }),
    query: z.object({ bp: Id.optional() }),
    result: z.array(templateSchema),
  }),
  convert: defineRoute({
    method: 'POST',
    path: '/api/bp/convert/{id}',
    subject: 'bp.request.convert',
    summary: 'Save a finished request as a template of its initiator (its start form values)',
    spec: '§7 Services',
    access: svc,
    params: idParam,
    body: z.object({ name: z.string().trim().max(200, V.max(200)).optional() }),
    result: templateSchema,
  }),
};

/** Bus-only subjects of the services domain (no HTTP route). */
export const bpSubjects = {
  /**
   * Raises evt.bp.request.overdue for every client's active requests past their due date that have not raised it yet
   * (the service also runs it every minute; once per request even with several replicas). `now`: ISO time to scan at.
   */
  scanOverdue: defineSubject('bp.internal.scanOverdue', z.object({ now: z.string().datetime().optional() }), z.object({ raised: z.number().int() })),
};

const userIds = z.array(z.string());
/** Events of the services domain (DESIGN §6); consumers import these definitions. `userIds`: whose sockets get it. */
export const bpEvents = {
  started: defineEvent(
    'evt.bp.request.started',
    z.object({ requestId: z.string(), bpId: z.string(), name: z.string(), initiatorId: z.string(), userIds }),
    'A request was started',
  ),
  assigned: defineEvent(
    'evt.bp.step.assigned',
    z.object({
      requestId: z.string(),
      name: z.string(),
      step: z.number(),
      stepName: z.string(),
      initiatorId: z.string(),
      userIds,
      /** Who must pass the step now (notifications tells them; `userIds` is every participant's sockets). */
      performers: z.array(z.string()).optional(),
    }),
    'A step of a request was assigned to its performers',
  ),
  accepted: defineEvent(
    'evt.bp.step.accepted',
    z.object({ requestId: z.string(), name: z.string(), step: z.number(), by: z.string(), initiatorId: z.string(), userIds }),
    'A performer accepted (or acknowledged) a step',
  ),
  declined: defineEvent(
    'evt.bp.step.declined',
    z.object({ requestId: z.string(), name: z.string(), step: z.number(), by: z.string(), reason: z.string(), initiatorId: z.string(), userIds }),
    'A performer declined a step (the request is rejected)',
  ),
  finished: defineEvent(
    'evt.bp.request.finished',
    z.object({ requestId: z.string(), name: z.string(), status: z.enum(['finished', 'rejected']), initiatorId: z.string(), userIds }),
    'A request was finished successfully or rejected',
  ),
  overdue: defineEvent(
    'evt.bp.request.overdue',
    z.object({ requestId: z.string(), name: z.string(), due: z.string(), initiatorId: z.string(), userIds }),
    'A request passed its due date (raised once)',
  ),
  commented: defineEvent(
    'evt.bp.request.commented',
    z.object({ requestId: z.string(), name: z.string(), by: z.string(), initiatorId: z.string(), userIds }),
    'Someone commented on a request',
  ),
  serviceChanged: defineEvent(
    'evt.bp.service.changed',
    z.object({ bpId: z.string(), version: z.number(), deleted: z.boolean() }),
    'A service was created, edited or deleted',
  ),
  serviceReqSent: defineEvent(
    'evt.bp.service_req.sent',
    z.object({ _id: z.string(), author: z.string(), bp: z.string().nullable() }),
    'An employee asked the administrators for a service (send_service_req)',
  ),
};
export type BpStartedEvent = EventPayload<typeof bpEvents.started>;
