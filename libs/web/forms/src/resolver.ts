import { appendErrors, type FieldError, type FieldValues, type Resolver } from 'react-hook-form';
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import i18n from 'i18next';
import { codeOf } from '@intranet/platform-errors';
import type { z } from '@intranet/platform-contracts';
import type { ValueIssue, ValueRules } from '@intranet/platform-contracts/base';
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
 * What a form is validated by: the contract's zod schema, or the same rules written without zod (`ValueRules`, e.g.
 * the sign-in form's `signInRules`, so the shell's first load needs no zod — issue 8 §5).
 */
export type FormSchema = z.ZodType<FieldValues, FieldValues> | ValueRules<FieldValues, FieldValues>;
/** The values a form edits: the schema's input. */
export type FormInput<S extends FormSchema> = S extends ValueRules<infer I extends FieldValues, FieldValues> ? I : z.input<S>;
/** The values a form submits: the schema's parsed output. */
export type FormOutput<S extends FormSchema> = S extends ValueRules<FieldValues, infer O extends FieldValues> ? O : z.output<S>;

function isRules(schema: FormSchema): schema is ValueRules<FieldValues, FieldValues> {
  return !('_zod' in schema) && typeof (schema as Partial<ValueRules<FieldValues>>).check === 'function';
}

/**
 * The resolver of `ValueRules`, built as `zodResolver` builds its answer from zod's issues: the first issue of each
 * path as `{ message, type: code }` (every issue's text under `types` when criteriaMode is 'all'), nested by
 * `toNestErrors` with the fields' refs; the parsed value when none.
 */
function rulesResolver(rules: ValueRules<FieldValues, FieldValues>): Resolver<FieldValues, unknown, FieldValues> {
  return (values, _ctx, options) => {
    const r = rules.check(values);
    if (r.ok) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: r.value, errors: {} };
    }
    const all = !options.shouldUseNativeValidation && options.criteriaMode === 'all';
    const errors: Record<string, FieldError> = {};
    for (const i of r.issues as ValueIssue[]) {
      const path = i.path.join('.');
      errors[path] ??= { message: i.message, type: i.code };
      if (all) {
        const types = errors[path].types;
        const seen = types?.[i.code];
        errors[path] = appendErrors(path, all, errors, i.code, seen ? ([] as string[]).concat(seen as string | string[], i.message) : i.message) as FieldError;
      }
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * A react-hook-form resolver for a contract schema: `zodResolver(schema)` (or the resolver of its zod-free
 * `ValueRules`) whose messages are worded in the user's language (see `wordValidationMessage`). Output values are
 * the schema's parsed output (defaults, trimming).
 */
export function contractResolver<S extends FormSchema>(schema: S): Resolver<FormInput<S>, unknown, FormOutput<S>> {
  const base = (isRules(schema) ? rulesResolver(schema) : zodResolver(schema as never)) as unknown as Resolver<FormInput<S>, unknown, FormOutput<S>>;
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
