import { isCalendarDate } from '@intranet/platform-contracts';
import { BP_LIMITS, BP_TEXT, bpIssue, type BpIssue } from './codes.ts';
import type { Field, Values } from './schemas.ts';

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
