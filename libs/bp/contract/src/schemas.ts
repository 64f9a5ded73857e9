import { Id, V, z } from '@intranet/platform-contracts';
import { BP_LIMITS } from './codes.ts';
import { shortId } from './ids.ts';

/** The services domain's shapes (§3 Service, step, field, request, template, service request) as zod schemas. */

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
