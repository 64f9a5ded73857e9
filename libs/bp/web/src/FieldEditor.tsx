import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FIELD_TYPES, type Field, type FieldType } from '@intranet/bp-contract';
import { Button, Checkbox, Input, Select } from '@intranet/web-ui';
import { bpText } from './locales.ts';

/** One field of a step's form: name, type, required, options for a select. */
export function FieldEditor({
  f,
  onChange,
  onRemove,
  onMove,
  first,
  last,
  at,
  errors,
}: {
  f: Field;
  onChange: (f: Field) => void;
  onRemove: () => void;
  /** Moves the field one place up (-1) or down (1): the fallback of dragging. */
  onMove: (by: -1 | 1) => void;
  first: boolean;
  last: boolean;
  at: string;
  errors: Record<string, string>;
}) {
  const { t } = bpText.useT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: f._id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`bp-field-editor${isDragging ? ' bp-field-editor--dragging' : ''}`}
      data-testid={at}
    >
      <button
        type="button"
        className="bp-drag"
        aria-label={t('editor.drag', { name: f.name || t('editor.field') })}
        title={t('editor.drag', { name: f.name || t('editor.field') })}
        {...attributes}
        {...listeners}
        data-testid={`${at}-drag`}
      >
        ⠿
      </button>
      <Input
        id={`${at}-name`}
        label={t('editor.field')}
        value={f.name}
        onChange={(e) => onChange({ ...f, name: e.target.value })}
        error={errors[`${at}.name`]}
      />
      <Select
        id={`${at}-type`}
        label={t('editor.fieldType')}
        value={f.type}
        onChange={(e) => onChange({ ...f, type: e.target.value as FieldType })}
        options={FIELD_TYPES.map((x) => ({ value: x, label: t(`editor.types.${x}`) }))}
      />
      {f.type === 'select' ? (
        <Input
          id={`${at}-options`}
          label={t('editor.options')}
          value={(f.options ?? []).join(', ')}
          error={errors[`${at}.options`]}
          onChange={(e) => onChange({ ...f, options: e.target.value.split(',').map((s) => s.trimStart()) })}
        />
      ) : null}
      <Checkbox label={t('editor.required')} checked={f.required} onChange={(e) => onChange({ ...f, required: e.target.checked })} />
      <Button size="small" variant="secondary" disabled={first} onClick={() => onMove(-1)} aria-label={`${t('editor.up')}: ${f.name || t('editor.field')}`}>
        {t('editor.up')}
      </Button>
      <Button size="small" variant="secondary" disabled={last} onClick={() => onMove(1)} aria-label={`${t('editor.down')}: ${f.name || t('editor.field')}`}>
        {t('editor.down')}
      </Button>
      <Button size="small" variant="secondary" onClick={onRemove}>
        {t('editor.remove')}
      </Button>
    </li>
  );
}
