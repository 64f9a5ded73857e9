import { PeopleIdsPicker } from '@intranet/web-session/people-picker';
import type { ComponentProps } from 'react';
import { lmsText } from './locales.ts';

/** The shared employee picker (`PeopleIdsPicker`) with the search field worded in this domain's catalogue. */
export function PeoplePicker(props: Omit<ComponentProps<typeof PeopleIdsPicker>, 'placeholder'>) {
  const { t } = lmsText.useT();
  return <PeopleIdsPicker {...props} placeholder={t('findUser')} />;
}
