import type { ReactNode } from 'react';
import { useErrorText } from '@intranet/web-i18n';
import { peopleSearch, useUserNames } from '@intranet/web-session/people';
import { UserPicker } from '@intranet/web-ui/widgets';
import { bpText } from './locales.ts';
import { useBp } from './common.tsx';

/**
 * Choose one or several employees (ids): the shared picker of `@intranet/web-ui/widgets` searching the people filter
 * (POST api/user/filter, 2+ symbols; suggestions show the department, else the e-mail) and the chosen ones as
 * removable chips named from GET api/user/{id}. `id` is the input's id (the error: `${id}-error`); test ids: `testId`,
 * `<testId>-search`, `<testId>-option-<userId>`, `<testId>-chip-<userId>`.
 */
export function PeoplePicker({
  value,
  onChange,
  multiple,
  label,
  error,
  testId,
  id,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  multiple: boolean;
  label: ReactNode;
  error?: string | null;
  testId?: string;
  id?: string;
}) {
  const { t } = bpText.useT();
  const errorText = useErrorText();
  const { workspace } = useBp();
  const names = useUserNames(value);
  const picked = value.map((uid) => ({ _id: uid, name: names.get(uid) ?? '…' }));
  const search = peopleSearch({ workspace, detail: (u) => u.department || u.email, errorText });
  return (
    <UserPicker
      label={label}
      error={error}
      value={picked}
      onChange={(v) => onChange(v.map((u) => u._id))}
      single={!multiple}
      minChars={2}
      placeholder={t('editor.findUser')}
      search={search}
      testId={testId}
      id={id ?? testId}
    />
  );
}
