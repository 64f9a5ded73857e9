import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tasksText } from './locales.ts';
import { isApiError } from '@intranet/web-api';
import { errorText as wordError } from '@intranet/web-i18n';
import { LoadError as SharedLoadError, useSession } from '@intranet/web-session';
import { peopleSearch, useUserNames as useSharedUserNames } from '@intranet/web-session/people';
import { UserPicker as SharedUserPicker, type PickedUser } from '@intranet/web-ui/widgets';

/** The signed-in user's ids. */
export function useMe() {
  const s = useSession();
  return { uid: s.uid, workspace: s.workspace, clientId: s.client?._id ?? s.user?.client_id ?? null, status: s.status };
}

/** An error worded by its code in the user's language. */
export function errorText(e: unknown): string {
  return isApiError(e) || e instanceof Error ? wordError(e) : String(e);
}

/** 404 / 403 / other failures of a page load, with the way back to /task-tracker/. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = tasksText.useT();
  return (
    <SharedLoadError
      error={error}
      onRetry={onRetry}
      testId="tasks"
      back={<Link to="/task-tracker/">{t('toBoards')}</Link>}
      noAccess={{ title: t('noAccess') }}
      notFound={{ title: t('notFound'), text: t('notFoundText') }}
    />
  );
}

/**
 * Names of users by id (the shared look-up, GET api/user/{id}): a user the caller may not read (no address-book right)
 * keeps a short form of the id. Output: id → name.
 */
export function useUserNames(ids: (string | null | undefined)[]): Map<string, string> {
  return useSharedUserNames(ids, (id) => `#${id.slice(-6)}`);
}

export type { PickedUser };

/**
 * Picks employees by name (POST api/user/filter, from the second symbol) with the shared picker of
 * `@intranet/web-ui/widgets`; `single` keeps one. Test ids: <testId>-search, <testId>-option-<id>, <testId>-chip-<id>.
 */
export function UserPicker({
  value,
  onChange,
  single,
  testId,
  label,
}: {
  value: PickedUser[];
  onChange: (v: PickedUser[]) => void;
  single?: boolean;
  testId: string;
  label: string;
}) {
  const { t } = tasksText.useT();
  const { workspace } = useMe();
  const search = peopleSearch({ workspace, detail: (u) => u.email, errorText });
  return (
    <SharedUserPicker
      label={label}
      value={value}
      onChange={onChange}
      single={single}
      minChars={2}
      placeholder={t('findPerson')}
      search={search}
      testId={testId}
      id={`${testId}-input`}
    />
  );
}

/** Date and time in the user's locale. */
export function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string | null, withTime = false) =>
    iso ? new Intl.DateTimeFormat(i18n.language, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(new Date(iso)) : '';
}

/** Numbers (hours) in the user's locale. */
export function useFormatNumber() {
  const { i18n } = useTranslation();
  return (n: number | null) => (n === null ? '—' : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(n));
}
