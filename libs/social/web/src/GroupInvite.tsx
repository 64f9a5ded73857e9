import { useState } from 'react';
import { wallText } from './locales.ts';
import type { Group } from '@intranet/social-contract';
import { useSession } from '@intranet/web-session';
import { Combobox } from '@intranet/web-ui/widgets';
import { useGroupAction } from './api/group-action.ts';
import { inviteToGroup } from './api/group-invite.ts';
import { usePeople } from './api/people-filter.ts';

/** Invite a colleague: the address book searched after 2 letters. */
export function GroupInvite({ g }: { g: Group }) {
  const { t } = wallText.useT();
  const { workspace } = useSession();
  const [query, setQuery] = useState('');
  const people = usePeople(workspace, query.trim(), 1, 8, query.trim().length >= 2);
  const invite = useGroupAction((id: string) => inviteToGroup(g._id, [id]), 'groups.invited');
  return (
    <div className="ui-field">
      <label htmlFor="group-invite" className="ui-field__label">
        {t('groups.invite')}
      </label>
      <Combobox
        id="group-invite"
        value={query}
        onChange={setQuery}
        placeholder={t('form.toPlaceholder')}
        options={(query.trim().length >= 2 ? (people.data?.users ?? []) : []).map((u) => ({
          value: u._id,
          label: u.fullName,
          detail: u.position || undefined,
        }))}
        onSelect={(o) => {
          invite.mutate(o.value);
          setQuery('');
        }}
        listLabel={t('common:suggestions')}
        listTestId="group-invite-suggest"
        data-testid="group-invite"
      />
    </div>
  );
}
