import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import i18n from 'i18next';
import { codeOf } from '@intranet/platform-errors';
import type { z } from '@intranet/platform-contracts';
import { errorText } from '@intranet/web-i18n';

/**
 * Words one validation message in the current language: a §5 text (e.g. 'Max 100 symbols') through its stable code
 * and params (platform-errors `codeOf` → the `codes` catalogue); zod's own "Invalid input…" for a missing value as
 * 'Field is required'; anything else through the errors catalogue, or as it is.
 */
export function wordValidationMessage(message: string | undefined, type?: string): string {
  const msg = message ?? '';
  const known = codeOf(msg) ?? (type === 'invalid_type' && msg.startsWith('Invalid input') ? { code: 'required' } : null);
  return errorText(i18n.t.bind(i18n), { code: known?.code ?? '\u0000', params: known?.params, message: msg });
}

/** Rewrites every `message` of react-hook-form's (nested) errors with `wordValidationMessage`. */
function wordErrors(errors: Record<string, unknown>): void {
  for (const v of Object.values(errors)) {
    if (!v || typeof v !== 'object') continue;
    const e = v as { message?: unknown; type?: unknown; ref?: unknown };
    if (typeof e.message === 'string' && ('type' in e || 'ref' in e))
      e.message = wordValidationMessage(e.message, typeof e.type === 'string' ? e.type : undefined);
    else wordErrors(v as Record<string, unknown>);
  }
}

/**
 * A react-hook-form resolver for a contract schema: `zodResolver(schema)` whose messages are worded in the user's
 * language (see `wordValidationMessage`). Output values are the schema's parsed output (defaults, trimming).
 */
export function contractResolver<S extends z.core.$ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  const base = zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return async (values, ctx, options) => {
    const r = await base(values, ctx, options);
    const errors = r.errors as Record<string, unknown>;
    // A rule of the whole object (a refine with no path) is the form's own error: react-hook-form's `root`.
    if (errors['']) {
      errors.root = errors[''];
      delete errors[''];
    }
    wordErrors(errors);
    return r;
  };
}
