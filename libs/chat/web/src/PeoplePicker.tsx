import { useState } from 'react';
import type { User } from '@intranet/people-contract';
import { useSession } from '@intranet/web-session';
import { Input } from '@intranet/web-ui';
import { usePeopleSearch } from './api/user-filter.ts';
import { chatText } from './locales.ts';

/** A picker of colleagues (search, then click to add); the chosen ones are listed with a remove button. */
export function PeoplePicker({ chosen, onChange, exclude = [] }: { chosen: User[]; onChange: (u: User[]) => void; exclude?: string[] }) {
  const { t } = chatText.useT();
  const { uid } = useSession();
  const [q, setQ] = useState('');
  const found = usePeopleSearch(q);
  const skip = new Set([uid ?? '', ...exclude, ...chosen.map((c) => c._id)]);
  return (
    <div className="chat-picker">
      <Input label={t('addPeople')} value={q} onChange={(e) => setQ(e.target.value)} data-testid="chat-picker-search" type="search" />
      <ul className="chat-picker__found">
        {(found.data?.users ?? [])
          .filter((u) => !skip.has(u._id))
          .map((u) => (
            <li key={u._id}>
              <button type="button" className="chat-link" onClick={() => onChange([...chosen, u])} data-testid={`chat-pick-${u._id}`}>
                + {u.fullName}
              </button>
            </li>
          ))}
      </ul>
      {chosen.length ? (
        <ul className="chat-chips">
          {chosen.map((u) => (
            <li key={u._id} className="chat-chip">
              {u.fullName}
              <button type="button" aria-label={`${t('remove')} ${u.fullName}`} onClick={() => onChange(chosen.filter((c) => c._id !== u._id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
