import type { ReactNode } from 'react';
import { useErrorText } from '@intranet/web-i18n';
import { peopleSearch, useUserNames } from '@intranet/web-session/people';
import { useSession } from '@intranet/web-session';
import { UserPicker } from '@intranet/web-ui/widgets';

/**
 * Choose employees by id with the kit's searchable picker (2+ symbols) over the address book; chips named from the
 * people service. `placeholder`: the search field's text in the domain's words. Used by shop and learning.
 */
export function PeopleIdsPicker({
  value,
  onChange,
  label,
  testId,
  multiple = false,
  placeholder,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  label: ReactNode;
  testId: string;
  multiple?: boolean;
  placeholder: string;
}) {
  const errorText = useErrorText();
  const { workspace } = useSession();
  const names = useUserNames(value);
  const search = peopleSearch({ workspace, detail: (u) => u.department || u.email, errorText });
  return (
    <UserPicker
      label={label}
      value={value.map((id) => ({ _id: id, name: names.get(id) ?? '…' }))}
      onChange={(v) => onChange(v.map((u) => u._id))}
      single={!multiple}
      minChars={2}
      placeholder={placeholder}
      search={search}
      testId={testId}
      id={testId}
    />
  );
}
