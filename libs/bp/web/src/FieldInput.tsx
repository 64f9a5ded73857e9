import { BP_LIMITS, type Field, type FieldValue } from '@intranet/bp-contract';
import { Checkbox, Input, Select, TextArea } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { FileInput } from './FileInput.tsx';
import { PeoplePicker } from './PeoplePicker.tsx';

/** The input of one form field by its type (§3 field types); `id` prefixes the control's id (errors: `${id}-error`). */
export function FieldInput({
  field,
  value,
  onChange,
  error,
  id,
}: {
  field: Field;
  value: FieldValue | undefined;
  onChange: (v: FieldValue) => void;
  error?: string;
  id: string;
}) {
  const { t } = bpText.useT();
  const common = { id, label: field.name, required: field.required, error: error ?? null };
  const str = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'text':
      return <TextArea {...common} value={str} onChange={(e) => onChange(e.target.value)} wide />;
    case 'number':
      return (
        <Input
          {...common}
          type="number"
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        />
      );
    case 'date':
      return <Input {...common} type="date" value={str} onChange={(e) => onChange(e.target.value)} />;
    case 'period': {
      const p = value && typeof value === 'object' && !Array.isArray(value) ? value : { from: '', to: '' };
      return (
        <fieldset className="bp-period">
          <legend>{field.name}</legend>
          <Input id={`${id}-from`} label={t('editor.from')} type="date" value={p.from} onChange={(e) => onChange({ ...p, from: e.target.value })} />
          <Input id={id} label={t('editor.to')} type="date" value={p.to} error={error ?? null} onChange={(e) => onChange({ ...p, to: e.target.value })} />
        </fieldset>
      );
    }
    case 'select':
      return (
        <Select
          {...common}
          value={str}
          onChange={(e) => onChange(e.target.value)}
          options={[{ value: '', label: '—' }, ...(field.options ?? []).map((o) => ({ value: o, label: o }))]}
        />
      );
    case 'checkbox':
      return (
        <div>
          <Checkbox id={id} label={field.name} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {error ? (
            <div className="ui-field__error" role="alert" data-testid={`${id}-error`}>
              {error}
            </div>
          ) : null}
        </div>
      );
    case 'user':
    case 'users':
      return (
        <PeoplePicker
          label={field.name}
          error={error ?? null}
          multiple={field.type === 'users'}
          value={Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []}
          onChange={(ids) => onChange(field.type === 'users' ? ids : (ids[0] ?? null))}
          testId={id}
          id={id}
        />
      );
    case 'file':
      return <FileInput field={field} id={id} value={str} error={error} onChange={onChange} />;
    case 'phone':
      return <Input {...common} type="tel" value={str} onChange={(e) => onChange(e.target.value)} />;
    case 'email':
      return <Input {...common} type="email" value={str} onChange={(e) => onChange(e.target.value)} />;
    case 'string': {
      // Never cut silently (issue 29 §14): the count shows the §9 limit, and past it the §5 text the server answers.
      const n = str.trim().length;
      return (
        <Input
          {...common}
          value={str}
          hint={t('request.counter', { n, max: BP_LIMITS.string })}
          error={error ?? (n > BP_LIMITS.string ? t('bpCodes:bpStringMax', { max: BP_LIMITS.string }) : null)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    }
    default:
      return <Input {...common} value={str} onChange={(e) => onChange(e.target.value)} />;
  }
}
