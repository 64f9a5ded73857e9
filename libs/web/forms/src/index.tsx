/**
 * The portal's one form layer (issue 8 §5): react-hook-form validated by the contract's zod schema, classic or
 * zod/mini (the sign-in form of the shell's first load; @hookform/resolvers/zod takes both), one busy state, field errors next to their field and server errors (§8 stable codes
 * with params) worded in the user's language — next to the field the error names, else above the form.
 * Shared as a Module Federation singleton by the shell and every remote.
 */
import { useCallback, useMemo, useState, type BaseSyntheticEvent, type FormHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type RegisterOptions,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import i18n from 'i18next';
import type { z } from '@intranet/platform-contracts';
import { isApiError } from '@intranet/web-api';
import { errorText } from '@intranet/web-i18n';
import { Alert, Button, Input, Select, TextArea, type ButtonProps, type SelectOption, type SelectProps, type TextAreaProps } from '@intranet/web-ui';
import { contractResolver } from './resolver.ts';

export { contractResolver, wordValidationMessage } from './resolver.ts';

/** A field's props for the kit's `Input`, `TextArea`, `Select`: react-hook-form's `register` plus the worded error. */
export type FieldProps = UseFormRegisterReturn & { error?: string; 'aria-invalid'?: boolean };

export interface UseApiFormOptions<S extends z.core.$ZodType<FieldValues, FieldValues>> extends Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver'
> {
  /** The contract's zod schema of the values (a route's `body`, or a schema built from it). */
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** Sends the parsed values; a thrown ApiError is shown (see `useApiForm`), anything else as 'An error occured'. */
  onSubmit: (values: z.output<S>) => unknown;
  /**
   * Maps a server field path (without a leading `body.`/`data.`) to a form field, e.g. `(f) => \`admin.${f}\``;
   * return null to show that error above the form. By default the path itself when the form has such a field.
   */
  serverField?: (field: string) => string | null;
  /** Shown above the form before the worded server error (e.g. 'The client was created; the admin was not.'). */
  errorPrefix?: (error: unknown) => string | null;
}

export interface ApiForm<S extends z.core.$ZodType<FieldValues, FieldValues>> extends UseFormReturn<z.input<S>, unknown, z.output<S>> {
  /** The <form>'s onSubmit: validates with the schema, then calls `onSubmit` with the parsed values. */
  submit: (e?: BaseSyntheticEvent) => Promise<void>;
  /** True while `onSubmit` runs: give it to the submit button's `loading` and the modal's `dismissible={!busy}`. */
  busy: boolean;
  /** The form-level error (a server error naming no field of the form, or a schema rule of the whole object), worded; null when none. */
  formError: string | null;
  setFormError: (text: string | null) => void;
  /** `register(name, options)` plus `error` (the field's worded message) for the kit's fields. */
  field: (name: Path<z.input<S>>, options?: RegisterOptions<z.input<S>, Path<z.input<S>>>) => FieldProps;
  /** The worded error of a field, if any. */
  errorOf: (name: Path<z.input<S>>) => string | undefined;
}

function get(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

function has(obj: unknown, path: string): boolean {
  const parts = path.split('.');
  const last = parts.pop()!;
  const parent = parts.length ? get(obj, parts.join('.')) : obj;
  return !!parent && typeof parent === 'object' && last in (parent as object);
}

/**
 * One form of the portal: react-hook-form + the contract schema (`contractResolver`). Returns react-hook-form's API
 * plus `submit` (the form's onSubmit), `busy`, `field(name)` (register + worded error for `Input`/`TextArea`/
 * `Select`), `errorOf(name)` and `formError`. Errors shown:
 * - client-side: the schema's §5 messages, worded in the user's language, under each field (on submit, then live);
 * - server-side (§8 ApiError): each field error `{ field, code, params }` worded by code under the field it names
 *   (`serverField` maps paths); an error naming no field of the form — or a field error the form has no field for —
 *   is worded into `formError` (shown by `FormError`/`ApiFormView`). A request that got no answer (status 0) sets
 *   no form error: the shell shows 'No connection to server!'.
 */
export function useApiForm<S extends z.core.$ZodType<FieldValues, FieldValues>>(options: UseApiFormOptions<S>): ApiForm<S> {
  const { schema, onSubmit, serverField, errorPrefix, ...rest } = options;
  const resolver = useMemo(() => contractResolver(schema), [schema]);
  const form = useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onSubmit', reValidateMode: 'onChange', ...rest, resolver });
  const [formError, setFormError] = useState<string | null>(null);

  const showServerError = useCallback(
    (err: unknown) => {
      const prefix = errorPrefix?.(err) ?? null;
      if (isApiError(err) && err.status === 0) return;
      let unplaced = !isApiError(err) || err.fields.length === 0;
      if (isApiError(err)) {
        const values = form.getValues();
        for (const f of err.fields) {
          const raw = f.field.replace(/^(body|data)\./, '');
          const name = serverField ? serverField(raw) : has(values, raw) ? raw : null;
          if (name) form.setError(name as Path<z.input<S>>, { type: 'server', message: errorText(i18n.t.bind(i18n), f) }, { shouldFocus: true });
          else unplaced = true;
        }
        // A validation/conflict error whose every field is shown beside its field needs no line above the form.
        if (!unplaced && err.code !== 'validation' && err.code !== 'conflict') unplaced = true;
      }
      const text = unplaced ? errorText(err) : null;
      setFormError(prefix ? `${prefix}${text ? ` ${text}` : ''}` : text);
    },
    [form, serverField, errorPrefix],
  );

  const submit = useMemo(
    () =>
      form.handleSubmit(async (values) => {
        setFormError(null);
        try {
          await onSubmit(values);
        } catch (err) {
          showServerError(err);
        }
      }),
    [form, onSubmit, showServerError],
  );

  const errorOf = useCallback(
    (name: Path<z.input<S>>) => {
      const e = get(form.formState.errors, name) as { message?: unknown } | undefined;
      return typeof e?.message === 'string' && e.message ? e.message : undefined;
    },
    [form.formState.errors],
  );

  const field = useCallback(
    (name: Path<z.input<S>>, opts?: RegisterOptions<z.input<S>, Path<z.input<S>>>): FieldProps => {
      const error = errorOf(name);
      return { ...form.register(name, opts), error };
    },
    [form, errorOf],
  );

  const rootError = (form.formState.errors as { root?: { message?: string } }).root?.message;
  return Object.assign(form, { submit, busy: form.formState.isSubmitting, formError: formError ?? rootError ?? null, setFormError, field, errorOf });
}

/** `register` option for optional text fields whose contract value is null when empty: `field('logo', emptyAsNull)`. */
export const emptyAsNull = { setValueAs: (v: unknown) => (typeof v === 'string' ? v.trim() || null : v) } as const;

/** The form-level error of an `ApiForm` (role=alert), or nothing. `testId` keeps each form's existing test id. */
export function FormError({ form, testId, children }: { form: { formError: string | null }; testId?: string; children?: ReactNode }) {
  if (!form.formError) return null;
  return (
    <Alert testId={testId}>
      {form.formError}
      {children}
    </Alert>
  );
}

export type ApiFormViewProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  form: { submit: (e?: BaseSyntheticEvent) => Promise<void>; busy: boolean; formError: string | null };
  /** data-testid of the form-level error (kept from the form it replaces). */
  errorTestId?: string;
  children: ReactNode;
};

/**
 * `<form noValidate>` bound to an `ApiForm`: submits through it, is aria-busy while it runs and shows its
 * form-level error (`FormError`) above the fields.
 */
export function ApiFormView({ form, errorTestId, children, ...rest }: ApiFormViewProps) {
  return (
    <form noValidate aria-busy={form.busy || undefined} onSubmit={(e) => void form.submit(e)} {...rest}>
      <FormError form={form} testId={errorTestId} />
      {children}
    </form>
  );
}

export type { FieldErrors, FieldValues };

type Schema = z.core.$ZodType<FieldValues, FieldValues>;

export type FormFieldProps<S extends Schema> = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form' | 'id' | 'onChange' | 'onBlur'> & {
  form: ApiForm<S>;
  /** The form value the field edits (a path of the form's values, e.g. `hr.url`). */
  name: Path<z.input<S>>;
  label: ReactNode;
  /** The control's id; also its data-testid unless `testId` is given. The worded error line gets `${id}-error`. */
  id: string;
  testId?: string;
  hint?: ReactNode;
  /** Spans both columns of a FormGrid. */
  wide?: boolean;
  /** react-hook-form `register` options, e.g. `emptyAsNull`. */
  rules?: RegisterOptions<z.input<S>, Path<z.input<S>>>;
  /** Renders the kit's TextArea with this many rows instead of an Input. */
  rows?: number;
  /** Renders the kit's Select with these options instead of an Input. */
  choices?: SelectOption[];
};

/**
 * One field of an `ApiForm`: the kit's labelled `Input` (or `TextArea` with `rows`, `Select` with `choices`)
 * registered under `name`, with its worded error (the schema's or the server's, in the user's language) below it.
 * Other props go to the control (type, autoComplete, required, placeholder, ...).
 */
export function FormField<S extends Schema>({ form, name, id, testId, rules, rows, choices, ...rest }: FormFieldProps<S>) {
  const props = { id, ...rest, ...form.field(name, rules), 'data-testid': testId ?? id };
  // The same attributes on a <select> or <textarea> (event handler types differ only by element).
  if (choices) return <Select {...(props as unknown as Omit<SelectProps, 'options'>)} options={choices} />;
  if (rows !== undefined) return <TextArea {...(props as unknown as TextAreaProps)} rows={rows} />;
  return <Input {...props} />;
}

export type SubmitRowProps = Omit<ButtonProps, 'type' | 'loading' | 'form' | 'children'> & {
  form: { busy: boolean };
  /** The submit button's text, and the text while busy (default: the same). */
  label: ReactNode;
  busyLabel?: ReactNode;
  testId: string;
  /** The id of the <form> when the row is outside it (a modal's footer). */
  formId?: string;
  /** Further buttons after the submit button (e.g. Cancel, Disconnect). */
  children?: ReactNode;
};

/**
 * The submit row of an `ApiForm`: the submit button, busy (spinner, disabled) while `onSubmit` runs, and the other
 * actions beside it. The form-level error is shown above the fields by `ApiFormView`.
 */
export function SubmitRow({ form, label, busyLabel, testId, formId, children, ...rest }: SubmitRowProps) {
  return (
    <div className="ui-form-actions">
      <Button type="submit" form={formId} loading={form.busy} data-testid={testId} {...rest}>
        {form.busy && busyLabel !== undefined ? busyLabel : label}
      </Button>
      {children}
    </div>
  );
}
