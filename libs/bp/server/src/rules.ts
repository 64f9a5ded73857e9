import {
  BP_CODES,
  BP_TEXT,
  bpIssue,
  FILE_KEY_RE,
  type BpIssue,
  type Field,
  type HistoryEntry,
  type Step,
  type StepInput,
  type Values,
} from '@intranet/bp-contract';
import { Id } from '@intranet/platform-contracts';
import { DomainError, Errors } from '@intranet/platform-errors';
import { randomUUID } from 'node:crypto';
import type { RequestRow } from './schema.ts';

/** A day in milliseconds (a service's days limit). */
export const DAY_MS = 86_400_000;

const FORBIDDEN: ReadonlySet<keyof typeof BP_TEXT> = new Set(['notPerformer', 'notAllowed']);

/** A §5/§8 services error: a field error when `field` is given, else 403 (not a performer, not allowed), 409 (step changed) or 400. */
export const bpError = (key: keyof typeof BP_TEXT, field?: string, params?: Record<string, unknown>) =>
  field
    ? Errors.validation([{ field, message: BP_TEXT[key], code: BP_CODES[key], params }])
    : new DomainError(FORBIDDEN.has(key) ? 'forbidden' : key === 'stepChanged' ? 'conflict' : 'bad_request', BP_TEXT[key], { code: BP_CODES[key], params });

/** 400 with every problem (one answer lists them all); nothing when `issues` is empty. */
export const refuse = (issues: BpIssue[]): void => {
  if (issues.length) throw Errors.validation(issues);
};

const shortId = () => randomUUID().slice(0, 8);

/** Steps as stored: ids given to new steps and fields, options only on select fields, user lists only where named. */
export function normalizeSteps(steps: readonly (StepInput & { _id?: string })[]): Step[] {
  return steps.map((s) => normalizeStep(s));
}

/** One step as stored (see normalizeSteps): field ids unique within the step, names trimmed. */
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

/** Ids of the employees a step's performers name (employee, several employees). */
export const namedInStep = (step: Step | undefined): string[] => step?.performers.flatMap((p) => p.users ?? []) ?? [];

/** Whether any step names employees (then they must be checked as employees of the client). */
export const namesUsers = (steps: readonly Step[]): boolean => steps.some((s) => s.performers.some((p) => p.users?.length));

/** §5 "users of the same client" for the employees a service's steps name: field errors for those not in `ids`. */
export function foreignPerformers(steps: readonly Step[], ids: ReadonlySet<string>): BpIssue[] {
  const out: BpIssue[] = [];
  steps.forEach((s, i) =>
    s.performers.forEach((p, j) => {
      if (p.users?.some((u) => !ids.has(u))) out.push(bpIssue(`steps.${i}.performers.${j}.users`, 'userNotInClient'));
    }),
  );
  return out;
}

/** Ids a form's user and users fields name (uuid-looking strings only; checkValues rejects the rest). */
export function usersInValues(fields: readonly Field[], values: Values): string[] {
  const out: string[] = [];
  for (const f of fields) {
    const v = values[f._id];
    if (f.type === 'user' && typeof v === 'string') out.push(v);
    if (f.type === 'users' && Array.isArray(v)) for (const x of v) if (typeof x === 'string') out.push(x);
  }
  return out.filter((x) => Id.safeParse(x).success);
}

/** A form's file value: the field and the upload key it names. */
export interface FileValue {
  fieldId: string;
  key: string;
}

/** Upload keys a form's file fields name (well-formed ones only; checkValues refuses the rest). */
export function fileKeysIn(fields: readonly Field[], values: Values): FileValue[] {
  const out: FileValue[] = [];
  for (const f of fields) {
    const v = values[f._id];
    if (f.type === 'file' && typeof v === 'string' && FILE_KEY_RE.test(v) && !v.includes('..')) out.push({ fieldId: f._id, key: v });
  }
  return out;
}

/** A history entry of a request, now. */
export const historyEntry = (action: HistoryEntry['action'], user: string | null, step: number | null, reason: string | null = null): HistoryEntry => ({
  at: new Date().toISOString(),
  user,
  action,
  step,
  reason,
});

/** Everyone who should see a request change live: its initiator and everyone assigned to it (plus `more`). */
export const audience = (r: Pick<RequestRow, 'initiatorId' | 'participants'>, more: readonly string[] = []): string[] => [
  ...new Set([r.initiatorId, ...r.participants, ...more]),
];
