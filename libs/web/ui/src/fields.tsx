import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldBase {
  label: ReactNode;
  /** Error text shown under the control (e.g. a server field error of §8). */
  error?: string | null;
  hint?: ReactNode;
  /** Spans both columns inside a FormGrid. */
  wide?: boolean;
}

function FieldShell({ id, label, error, hint, required, wide, children }: FieldBase & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={`ui-field${wide ? ' ui-field--wide' : ''}`}>
      <label htmlFor={id} className={`ui-field__label${required ? ' ui-field__label--required' : ''}`}>
        {label}
      </label>
      {children}
      {hint && !error ? (
        <div id={`${id}-hint`} className="ui-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="ui-field__error" role="alert" data-testid={`${id}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string | null, hint?: ReactNode): string | undefined {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

export type InputProps = FieldBase & InputHTMLAttributes<HTMLInputElement>;

/** Labelled text input with an error line; pass `id` for a stable id (the error gets `${id}-error`). */
export function Input({ label, error, hint, wide, id, className, ...rest }: InputProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint} required={rest.required} wide={wide}>
      <input
        id={fid}
        className={`ui-field__control ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        {...rest}
      />
    </FieldShell>
  );
}

export type TextAreaProps = FieldBase & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** Labelled multi-line input with an error line. */
export function TextArea({ label, error, hint, wide, id, className, ...rest }: TextAreaProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint} required={rest.required} wide={wide}>
      <textarea
        id={fid}
        className={`ui-field__control ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        {...rest}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export type SelectProps = FieldBase & SelectHTMLAttributes<HTMLSelectElement> & { options: SelectOption[] };

/** Labelled native select with an error line. */
export function Select({ label, error, hint, wide, id, options, className, ...rest }: SelectProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint} required={rest.required} wide={wide}>
      <select
        id={fid}
        className={`ui-field__control ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode };

/** Checkbox with its label (click on the label toggles it). */
export function Checkbox({ label, className, disabled, ...rest }: CheckboxProps) {
  return (
    <label className={`ui-checkbox${disabled ? ' ui-checkbox--disabled' : ''} ${className ?? ''}`}>
      <input type="checkbox" disabled={disabled} {...rest} />
      <span>{label}</span>
    </label>
  );
}

/** Two-column form layout (one column below the mobile breakpoint). */
export function FormGrid({ children }: { children: ReactNode }) {
  return <div className="ui-form-grid">{children}</div>;
}

/** Inline message box: error (role=alert), success or info. */
export function Alert({ kind = 'error', children, testId }: { kind?: 'error' | 'success' | 'info'; children: ReactNode; testId?: string }) {
  return (
    <div className={`ui-alert ui-alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}
