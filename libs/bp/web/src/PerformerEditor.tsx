import { PERFORMER_KINDS, type Performer, type PerformerKind } from '@intranet/bp-contract';
import { Button, Select } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { PeoplePicker } from './PeoplePicker.tsx';

/** One performer entry: its kind and, for chosen employees, the people picker. */
export function PerformerEditor({ p, onChange, onRemove, at }: { p: Performer; onChange: (p: Performer) => void; onRemove: () => void; at: string }) {
  const { t } = bpText.useT();
  const many = p.kind === 'employee' || p.kind === 'employees';
  return (
    <div className="bp-performer">
      <Select
        id={`${at}-kind`}
        label={t('editor.performer')}
        value={p.kind}
        onChange={(e) => {
          const kind = e.target.value as PerformerKind;
          onChange(kind === 'employee' || kind === 'employees' ? { kind, users: p.users ?? [] } : { kind });
        }}
        options={PERFORMER_KINDS.map((k) => ({ value: k, label: t(`editor.kinds.${k}`) }))}
      />
      {many ? (
        <PeoplePicker
          label={t('editor.findUser')}
          multiple={p.kind === 'employees'}
          value={p.users ?? []}
          onChange={(users) => onChange({ ...p, users })}
          testId={`${at}-users`}
        />
      ) : null}
      <Button size="small" variant="secondary" onClick={onRemove}>
        {t('editor.remove')}
      </Button>
    </div>
  );
}
