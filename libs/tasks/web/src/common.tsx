import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { peopleRoutes } from '@intranet/people-contract';
import { call, isApiError } from '@intranet/web-api';
import { errorText as wordError } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { EmptyState, ErrorState, Loader } from '@intranet/web-ui';
import { peopleSearch } from '@intranet/web-ui/people-search';
import { UserPicker as SharedUserPicker, type PickedUser } from '@intranet/web-ui/widgets';

/** Query keys of the task tracker (invalidate `tasksKeys.all` after a change). */
export const tasksKeys = {
  all: ['tasks'] as const,
  desks: (filter: string) => ['tasks', 'desks', filter] as const,
  myTasks: (filter: string) => ['tasks', 'my', filter] as const,
  board: (id: string) => ['tasks', 'board', id] as const,
  task: (id: string) => ['tasks', 'task', id] as const,
};

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
  const { t } = useTranslation('tasks');
  const back = <Link to="/task-tracker/">{t('toBoards')}</Link>;
  if (isApiError(error) && error.status === 403) return <EmptyState title={t('noAccess')} testId="tasks-no-access" action={back} />;
  if (isApiError(error) && (error.status === 404 || error.status === 400))
    return <EmptyState title={t('notFound')} text={t('notFoundText')} testId="tasks-not-found" action={back} />;
  return <ErrorState message={errorText(error)} onRetry={onRetry} testId="tasks-error" />;
}

/** Shows children once the session is known; a loader before. */
export function NeedSession({ children }: { children: ReactNode }) {
  const { status, uid } = useMe();
  if (status === 'loading') return <Loader />;
  if (!uid) return null;
  return <>{children}</>;
}

/** Debounced value. */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const h = setTimeout(() => setV(value), ms);
    return () => clearTimeout(h);
  }, [value, ms]);
  return v;
}

/**
 * Names of users by id (GET api/user/{id}, cached): a user the caller may not read (no address-book right) keeps a
 * short form of the id. Output: id → name.
 */
export function useUserNames(ids: (string | null | undefined)[]): Map<string, string> {
  const unique = [...new Set(ids.filter((x): x is string => !!x))].sort();
  const res = useQueries({
    queries: unique.map((id) => ({
      queryKey: ['tasks', 'user', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => call(peopleRoutes.get, { params: { id }, signal, silent: true }),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const out = new Map<string, string>();
  unique.forEach((id, i) => {
    const u = res[i]?.data;
    out.set(id, u ? u.fullName || [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email || id.slice(0, 8) : `#${id.slice(-6)}`);
  });
  return out;
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
  const { t } = useTranslation('tasks');
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
