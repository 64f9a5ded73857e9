import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isApiError } from '@intranet/web-api';
import i18n from 'i18next';
import { translateServerMessage } from './server-text.ts';
import { localizeSizes } from './sizes.ts';
import { errorCodeNamespaces } from './catalogues.ts';

/** What the server sends for an error or a field error (§8): a stable code, its params, the English fallback. */
export interface CodedError {
  code: string;
  params?: Record<string, unknown>;
  message?: string;
  /** Field errors of a validation error (ApiError.fields): the first one words a bare 'validation'/'conflict'. */
  fields?: readonly { field: string; code: string; params?: Record<string, unknown>; message: string }[];
}

/**
 * A failure the web finds itself (a file over a limit, a file it cannot read), carried as a §8 stable code with its
 * params so it is worded like a server error — by `errorText`, `useErrorText` and the form layer — in the user's
 * language: `throw new CodedFailure('filesAbove', { size: 20 * 1024 * 1024 })` (sizes in bytes). `fallback` is an
 * English text (e.g. a server's message) shown when the catalogue has no wording for the code; `message` is the code.
 */
export class CodedFailure extends Error {
  readonly code: string;
  readonly params?: Record<string, unknown>;
  readonly fallback?: string;
  constructor(code: string, params?: Record<string, unknown>, fallback?: string) {
    super(code);
    this.name = 'CodedFailure';
    this.code = code;
    if (params) this.params = params;
    if (fallback) this.fallback = fallback;
  }
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
  // A CodedFailure's message is its code; its English text, if any, is `fallback`.
  const english = e instanceof CodedFailure ? e.fallback : e.message;
  const fallback = english ? translateServerMessage(english) : undefined;
  // Sizes (bytes, or the server's '20 MB') are worded in the user's locale.
  // The shell's codes first, then each domain's own code namespace (defineNamespace with `codes`).
  const opts: Record<string, unknown> = { ...(localizeSizes(e.params) ?? {}), ns: errorCodeNamespaces(), defaultValue: fallback ?? '\u0000' };
  if (count !== undefined) opts.count = count;
  const out = String((t as (k: string, o: Record<string, unknown>) => string)(e.code, opts));
  if (out !== '\u0000' && out !== e.code) return out;
  return fallback ?? String((t as (k: string, o: Record<string, unknown>) => string)('unknown', { ns: 'codes' }));
}

/**
 * Words a server error in the user's language (§8): `errorText(t, { code, params?, message? })` looks the code up in
 * the `codes` catalogue (params interpolated, plural forms by `max`/`min`/`count`); an unknown code falls back to
 * the message (translated when it is a known §8 text). Size params (`size`, `available`: bytes or '20 MB') are
 * worded in the user's locale. An ApiError may be passed as `e` directly. The one-argument form `errorText(error)`
 * words any thrown value (an ApiError, a CodedFailure, a `{ code, params }`) with the shared instance.
 */
export function errorText(t: T, e: CodedError): string;
export function errorText(error: unknown): string;
export function errorText(a: unknown, b?: CodedError): string {
  if (typeof a === 'function' && b) return wordCode(a as T, b);
  const err = a;
  const t = i18n.t.bind(i18n) as T;
  if (isApiError(err) || err instanceof CodedFailure) return wordCode(t, err);
  if (err && typeof err === 'object' && !(err instanceof Error) && typeof (err as CodedError).code === 'string') return wordCode(t, err as CodedError);
  return translateServerMessage(err instanceof Error ? err.message : 'An error occured');
}

/** Hook: `(e) => string` wording a coded error (or any thrown value) in the current language. */
export function useErrorText(): (e: CodedError | unknown) => string {
  const { t } = useTranslation('codes');
  return useCallback(
    (e: CodedError | unknown) => {
      if (isApiError(e) || e instanceof CodedFailure) return wordCode(t, e);
      if (e && typeof e === 'object' && typeof (e as CodedError).code === 'string' && !(e instanceof Error)) return wordCode(t, e as CodedError);
      return errorText(e);
    },
    [t],
  );
}
