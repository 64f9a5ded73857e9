import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { zodFieldErrors, type z } from '@intranet/platform-contracts';
import { isApiError } from '@intranet/web-api';
import i18n from 'i18next';
import { translateServerMessage } from './server-text.ts';

/** What the server sends for an error or a field error (§8): a stable code, its params, the English fallback. */
export interface CodedError {
  code: string;
  params?: Record<string, unknown>;
  message?: string;
  /** Field errors of a validation error (ApiError.fields): the first one words a bare 'validation'/'conflict'. */
  fields?: readonly { field: string; code: string; params?: Record<string, unknown>; message: string }[];
}

type T = TFunction | ((key: string, options?: Record<string, unknown>) => string);

/** The number a wording counts (plural forms): `max`, `min` or `count` of the params. */
function countOf(params: Record<string, unknown> | undefined): number | undefined {
  for (const k of ['count', 'max', 'min'] as const) {
    const v = params?.[k];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return undefined;
}

function wordCode(t: T, e: CodedError): string {
  // A whole validation/conflict error reads as its first field's reason.
  if ((e.code === 'validation' || e.code === 'conflict') && e.fields?.length) return wordCode(t, e.fields[0]);
  const count = countOf(e.params);
  const fallback = e.message ? translateServerMessage(e.message) : undefined;
  const opts: Record<string, unknown> = { ...(e.params ?? {}), ns: 'codes', defaultValue: fallback ?? '\u0000' };
  if (count !== undefined) opts.count = count;
  const out = String((t as (k: string, o: Record<string, unknown>) => string)(e.code, opts));
  if (out !== '\u0000' && out !== e.code) return out;
  return fallback ?? String((t as (k: string, o: Record<string, unknown>) => string)('unknown', { ns: 'codes' }));
}

/**
 * Words a server error in the user's language (§8): `errorText(t, { code, params?, message? })` looks the code up in
 * the `codes` catalogue (params interpolated, plural forms by `max`/`min`/`count`); an unknown code falls back to
 * the message (translated when it is a known §8 text). An ApiError may be passed as `e` directly. The one-argument
 * form `errorText(error)` words any thrown value with the shared instance.
 */
export function errorText(t: T, e: CodedError): string;
export function errorText(error: unknown): string;
export function errorText(a: unknown, b?: CodedError): string {
  if (typeof a === 'function' && b) return wordCode(a as T, b);
  const err = a;
  const t = i18n.t.bind(i18n) as T;
  if (isApiError(err)) return wordCode(t, err);
  if (err && typeof err === 'object' && !(err instanceof Error) && typeof (err as CodedError).code === 'string') return wordCode(t, err as CodedError);
  return translateServerMessage(err instanceof Error ? err.message : 'An error occured');
}

/** Hook: `(e) => string` wording a coded error (or any thrown value) in the current language. */
export function useErrorText(): (e: CodedError | unknown) => string {
  const { t } = useTranslation('codes');
  return useCallback(
    (e: CodedError | unknown) => {
      if (isApiError(e)) return wordCode(t, e);
      if (e && typeof e === 'object' && typeof (e as CodedError).code === 'string' && !(e instanceof Error)) return wordCode(t, e as CodedError);
      return errorText(e);
    },
    [t],
  );
}

/** Field errors (`{ field, code, params?, message }[]`) worded and keyed by field (first wins; `body.`/`data.` dropped). */
export function fieldErrorTexts(
  t: T,
  fields: readonly { field: string; code: string; params?: Record<string, unknown>; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const key = f.field.replace(/^(body|data)\./, '');
    if (!(key in out)) out[key] = wordCode(t, f);
  }
  return out;
}

/** First message per field of a zod error, worded by code in the current language (§5 texts). */
export function zodErrors(error: z.ZodError): Record<string, string> {
  return fieldErrorTexts(i18n.t.bind(i18n) as T, zodFieldErrors(error));
}

/** Server field errors of an ApiError (§8), worded by code in the current language; empty for other errors. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return fieldErrorTexts(i18n.t.bind(i18n) as T, error.fields);
}
