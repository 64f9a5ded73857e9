import {
  type BpRequest,
  type BpTemplate,
  type RequestListItem,
  type Service,
  type ServiceGroup,
  type ServiceListItem,
  type ServiceReq,
} from '@intranet/bp-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { FileSigner } from '@intranet/platform-storage';
import { mayPass } from './access.ts';
import { fileKeysIn } from './rules.ts';
import type { GroupRow, RequestRow, ServiceReqRow, ServiceRow, TemplateRow } from './schema.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A service group as answers give it. */
export const groupOut = (g: GroupRow): ServiceGroup => ({ _id: g.id, client_id: g.clientId, name: g.name, created: g.createdAt.toISOString() });

/** §3 Service as answers give it; `canManage` shows the access lists (administrators). */
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
export function requestOut(r: RequestRow, ctx: RequestContext, sign?: FileSigner): BpRequest {
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
    canPass: mayPass(r, ctx.userId),
  };
}

/** A request in a list: without definition, steps, history, comments, names and files; with its step count and current step's name. */
export function requestListOut(r: RequestRow, ctx: RequestContext): RequestListItem {
  const { definition: _d, steps, history: _h, comments: _c, names: _n, files: _f, ...rest } = requestOut(r, ctx);
  return { ...rest, stepsCount: steps.length, currentStepName: r.status === 'active' ? (steps[r.currentStep]?.name ?? null) : null };
}

/** A template as answers give it. */
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

/** A stored service request (POST api/user/send_service_req) as answers give it. */
export const serviceReqOut = (r: ServiceReqRow): ServiceReq => ({
  _id: r.id,
  client_id: r.clientId,
  author: r.authorId,
  bp: r.serviceId,
  text: r.text,
  created: r.createdAt.toISOString(),
});

/** Download URLs of a request's file values (every step's file fields of its definition), keyed by storage key. */
export function requestFileUrls(r: RequestRow, sign: FileSigner): Record<string, string> {
  const out: Record<string, string> = {};
  r.definition.steps.forEach((st, i) => {
    for (const { key } of fileKeysIn(st.fields, r.steps[i]?.values ?? {})) out[key] = sign(key);
  });
  return out;
}
