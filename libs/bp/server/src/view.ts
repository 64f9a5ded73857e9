import {
  BP_CODES,
  BP_TEXT,
  type BpIssue,
  type BpRequest,
  type BpTemplate,
  type RequestListItem,
  type Service,
  type ServiceGroup,
  type ServiceListItem,
  type ServiceReq,
  type Step,
  type StepInput,
} from '@intranet/bp-contract';
import type { RequestContext } from '@intranet/platform-bus';
import { DomainError, Errors } from '@intranet/platform-errors';
import { randomUUID } from 'node:crypto';
import { requestFileUrls, type Signer } from './files.ts';
import type { GroupRow, RequestRow, ServiceReqRow, ServiceRow, TemplateRow } from './schema.ts';

const FORBIDDEN: ReadonlySet<keyof typeof BP_TEXT> = new Set(['notPerformer', 'notAllowed']);

/** A §5/§8 services error: a field error when `field` is given, else 403 (not a performer, not allowed), 409 (step changed) or 400. */
export const bpError = (key: keyof typeof BP_TEXT, field?: string, params?: Record<string, unknown>) =>
  field
    ? Errors.validation([{ field, message: BP_TEXT[key], code: BP_CODES[key], params }])
    : new DomainError(FORBIDDEN.has(key) ? 'forbidden' : key === 'stepChanged' ? 'conflict' : 'bad_request', BP_TEXT[key], { code: BP_CODES[key], params });

/** 400 with every problem (one answer lists them all). */
export const refuse = (issues: BpIssue[]) => {
  if (issues.length) throw Errors.validation(issues);
};

const shortId = () => randomUUID().slice(0, 8);

/** Steps as stored: ids given to new steps and fields, options only on select fields, user lists only where named. */
export function normalizeSteps(steps: readonly (StepInput & { _id?: string })[]): Step[] {
  return steps.map((s) => normalizeStep(s));
}
export function normalizeStep(s: StepInput & { _id?: string }): Step {
  const seen = new Set<string>();
  return {
    _id: s._id ?? shortId(),
    name: (s.name ?? '').trim(),
    review: !!s.review,
    fields: (s.fields ?? []).map((f) => {
      let id = f._id && !seen.has(f._id) ? f._id : shortId();
      while (seen.has(id)) id = shortId();
      seen.add(id);
      return {
        _id: id,
        name: (f.name ?? '').trim(),
        type: f.type,
        required: !!f.required,
        ...(f.type === 'select' ? { options: f.options ?? [] } : {}),
      };
    }),
    performers: (s.performers ?? []).map((p) =>
      p.kind === 'employee' || p.kind === 'employees' ? { kind: p.kind, users: [...new Set(p.users ?? [])] } : { kind: p.kind },
    ),
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const groupOut = (g: GroupRow): ServiceGroup => ({ _id: g.id, client_id: g.clientId, name: g.name, created: g.createdAt.toISOString() });

/** Whether `user` may start the service: everyone, or named, or of a named department; administrators always. */
export function mayStart(s: ServiceRow, ctx: RequestContext, department: string | null | undefined, admin: boolean): boolean {
  if (admin || s.forAll) return true;
  if (ctx.userId && s.users.includes(ctx.userId)) return true;
  const d = department?.trim().toLowerCase();
  return !!d && s.departments.some((x) => x.trim().toLowerCase() === d);
}

export function serviceOut(s: ServiceRow, canManage: boolean, canStart: boolean): Service {
  return {
    _id: s.id,
    client_id: s.clientId,
    name: s.name,
    description: s.description,
    group: s.groupId,
    type: s.steps.length > 1 ? 'multi' : 'simple',
    department: s.department,
    days_limit: s.daysLimit,
    for_all: s.forAll,
    users: canManage ? s.users : [],
    departments: canManage ? s.departments : [],
    steps: s.steps,
    version: s.version,
    author: s.authorId,
    article: s.articleId,
    created: s.createdAt.toISOString(),
    updated: s.updatedAt.toISOString(),
    canManage,
    canStart,
  };
}

const isOverdue = (r: RequestRow, now = Date.now()) => !!r.overdueAt || (r.status === 'active' && !!r.dueAt && r.dueAt.getTime() < now);

/** A request as answers give it; `sign` turns its file values' keys into download URLs (none without it). */
export function requestOut(r: RequestRow, ctx: RequestContext, sign?: Signer): BpRequest {
  return {
    _id: r.id,
    client_id: r.clientId,
    bp: r.serviceId,
    name: r.name,
    version: r.version,
    definition: r.definition,
    initiator: r.initiatorId,
    status: r.status,
    current_step: r.currentStep,
    steps: r.steps,
    history: r.history,
    comments: r.comments,
    due: iso(r.dueAt),
    overdue: isOverdue(r),
    created: r.createdAt.toISOString(),
    finished: iso(r.finishedAt),
    names: r.names,
    files: sign ? requestFileUrls(r, sign) : {},
    canPass: r.status === 'active' && !!ctx.userId && r.currentPerformers.includes(ctx.userId),
  };
}

export function requestListOut(r: RequestRow, ctx: RequestContext): RequestListItem {
  const { definition: _d, steps, history: _h, comments: _c, names: _n, files: _f, ...rest } = requestOut(r, ctx);
  return { ...rest, stepsCount: steps.length, currentStepName: r.status === 'active' ? (steps[r.currentStep]?.name ?? null) : null };
}

export const templateOut = (t: TemplateRow): BpTemplate => ({
  _id: t.id,
  client_id: t.clientId,
  bp: t.serviceId,
  name: t.name,
  owner: t.ownerId,
  values: t.values,
  created: t.createdAt.toISOString(),
});

/** A catalogue card: the service without its steps and access lists, with its step count. */
export function serviceCard(s: ServiceRow, canManage: boolean): ServiceListItem {
  const { steps, users: _u, departments: _d, ...rest } = serviceOut(s, canManage, true);
  return { ...rest, stepsCount: steps.length };
}

export const serviceReqOut = (r: ServiceReqRow): ServiceReq => ({
  _id: r.id,
  client_id: r.clientId,
  author: r.authorId,
  bp: r.serviceId,
  text: r.text,
  created: r.createdAt.toISOString(),
});
