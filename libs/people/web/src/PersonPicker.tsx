import type { ReactNode } from 'react';
import { peopleOrgText } from './locales.ts';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { peopleSearch } from '@intranet/web-session/people';
import { UserPicker, type PickedUser } from '@intranet/web-ui/widgets';

/**
 * The searchable people picker of the structure and projects screens (the kit's `UserPicker` over the address book's
 * search, as tasks, bp and kb use it): type two letters of a name and choose; a company of hundreds is never one long
 * drop-down. `exclude` hides people already there (a department's members, a project's participants). Test ids:
 * `${testId}-search`, `${testId}-option-<user id>`, `${testId}-chip-<user id>`.
 */
export function PersonPicker({
  label,
  value,
  onChange,
  single,
  exclude,
  testId,
}: {
  label: ReactNode;
  value: PickedUser[];
  onChange: (value: PickedUser[]) => void;
  single?: boolean;
  exclude?: readonly string[];
  testId: string;
}) {
  const { t } = peopleOrgText.useT();
  const { workspace } = useSession();
  const search = peopleSearch({ workspace, detail: (u) => u.position || u.department || u.email, errorText });
  const skip = new Set(exclude ?? []);
  return (
    <UserPicker
      label={label}
      value={value}
      onChange={onChange}
      single={single}
      minChars={2}
      placeholder={t('structure.findPerson')}
      search={async (text, signal) => (await search(text, signal)).filter((u) => !skip.has(u._id))}
      testId={testId}
      id={testId}
    />
  );
}
