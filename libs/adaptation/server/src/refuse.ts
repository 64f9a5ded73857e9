import type { CodeDef } from '@intranet/platform-errors';
import { DomainError, fillText, type ErrorCode } from '@intranet/platform-errors';

/** Raises a contract code with its own kind (409, 403… keep the code, which `Errors.coded` would not for a 409). */
export function refuse(def: CodeDef & { kind?: string }, params?: Record<string, string | number>): DomainError {
  return new DomainError((def.kind ?? 'bad_request') as ErrorCode, fillText(def.text, params), { code: def.code, ...(params ? { params } : {}) });
}
