import type { ReactNode } from 'react';
import { useErrorText } from '@intranet/web-i18n';
import { peopleSearch, useUserNames } from '@intranet/web-session/people';
import { useSession } from '@intranet/web-session';
import { UserPicker } from '@intranet/web-ui/widgets';
import { lmsText } from './locales.ts';

/** Choose employees (ids) with the shared searchable picker (2+ symbols); chips named from the people service. */
export function PeoplePicker({
  value,
  onChange,
  label,
  testId,
  multiple = false,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  label: ReactNode;
  testId: string;
  multiple?: boolean;
}) {
  const { t } = lmsText.useT();
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
      placeholder={t('findUser')}
      search={search}
      testId={testId}
      id={testId}
    />
  );
}
