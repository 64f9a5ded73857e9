import { useState } from 'react';
import { calendarText } from './locales.ts';
import { useMemberSearch } from './api/people-filter.ts';
import { useSession } from '@intranet/web-session';
import { useUserNames } from '@intranet/web-session/people';
import { Combobox } from '@intranet/web-ui/widgets';
import { useDebounced } from '@intranet/web-ui';

/**
 * The members picker of the event form: an address-book search (people's POST api/user/filter/{workspace}, from 2
 * typed characters) in the kit's Combobox, and the chosen people as removable chips. Input: the chosen ids and
 * their setter; `error` is the worded §5 'Field is required' of the field; `required` marks the label (the kit's
 * asterisk) and the input (aria-required) as the other required fields are.
 */
export function MembersPicker({
  value,
  onChange,
  error,
  required,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  required?: boolean;
}) {
  const { t } = calendarText.useT();
  const { workspace } = useSession();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 150);
  const found = useMemberSearch(workspace, q);
  const names = useUserNames(value);
  const options =
    q.length >= 2
      ? (found.data?.users ?? []).filter((u) => !value.includes(u._id)).map((u) => ({ value: u._id, label: u.fullName, detail: u.position ?? undefined }))
      : [];
  return (
    <div className={`ui-field cal-members${error ? ' ui-field--error' : ''}`}>
      <label className={`ui-field__label${required ? ' ui-field__label--required' : ''}`} htmlFor="event-members">
        {t('members')}
      </label>
      <ul className="cal-chips" data-testid="event-members-list">
        {value.map((id) => (
          <li key={id} className="cal-chip">
            {names.get(id)}
            <button type="button" aria-label={t('removeMember', { name: names.get(id) })} onClick={() => onChange(value.filter((v) => v !== id))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <Combobox
        id="event-members"
        data-testid="event-members"
        className="ui-field__control"
        value={text}
        onChange={setText}
        options={options}
        placeholder={t('membersSearch')}
        listLabel={t('membersFound')}
        listTestId="event-members-options"
        aria-invalid={!!error}
        aria-required={required || undefined}
        aria-describedby={error ? 'event-members-error' : undefined}
        onSelect={(o) => {
          onChange([...value, o.value]);
          setText('');
        }}
      />
      {error ? (
        <p className="ui-field__error" id="event-members-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
