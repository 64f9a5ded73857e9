import { PeopleIdsPicker } from '@intranet/web-session/people-picker';
import type { ComponentProps } from 'react';
import { adaptationText } from './locales.ts';

/**
 * The shared employee picker (`PeopleIdsPicker`) with the search field worded in this domain's catalogue and, below
 * it, the field's worded error (§5, e.g. 'Mentor is required') when there is one (test id `<testId>-error`).
 */
export function PeoplePicker({ error, ...props }: Omit<ComponentProps<typeof PeopleIdsPicker>, 'placeholder'> & { error?: string | undefined }) {
  const { t } = adaptationText.useT();
  return (
    <div className="adapt-picker">
      <PeopleIdsPicker {...props} placeholder={t('findUser')} />
      {error ? (
        <div className="ui-field__error" role="alert" data-testid={`${props.testId}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
