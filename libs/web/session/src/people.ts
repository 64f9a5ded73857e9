/**
 * The address book as the domains' pages use it: the people search behind the shared `UserPicker`
 * (`@intranet/web-ui/widgets`) and users' names by id. Here, not in the design system (which imports no domain
 * contract), on a subpath of its own (`@intranet/web-session/people`) so the session's main entry — and with it the
 * shell's first load (DESIGN §10) — does not carry the people contract's routes. Not a Module Federation singleton: it
 * keeps no state (the names are in the shared query cache), and each remote bundling its few hundred bytes costs less
 * than one more shared chunk to negotiate.
 */
import { useQueries } from '@tanstack/react-query';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { call } from '@intranet/web-api';
import type { UserOption } from '@intranet/web-ui/widgets';

/** Suggestions asked for per search (one page of the address book). */
export const PEOPLE_SEARCH_LIMIT = 8;

/** What differs between the pickers that use {@link peopleSearch}. */
export interface PeopleSearchOptions {
  /** The address book to search (POST api/user/filter/{workspace}); a search without one fails with no request. */
  workspace: string | null | undefined;
  /** Muted text under a suggestion's name (e.g. the department, or the e-mail); default: the e-mail. */
  detail?: (u: User) => string | undefined;
  /** The domain's wording of a failed search (shown under the picker); default: the error's own message. */
  errorText?: (e: unknown) => string;
}

/**
 * Builds the `search` prop of `UserPicker`: POST api/user/filter/{workspace} (§7 Users) with the typed text, first page
 * of {@link PEOPLE_SEARCH_LIMIT}, silent (the picker shows the failure itself). Output: suggestions named by full name,
 * else e-mail, with `detail` under the name. Errors: a failed call, an aborted one or a missing workspace rejects with an
 * Error worded by `errorText` (the picker ignores the rejection of a search it aborted).
 */
export function peopleSearch({ workspace, detail = (u) => u.email, errorText }: PeopleSearchOptions) {
  return async (text: string, signal: AbortSignal): Promise<UserOption[]> => {
    try {
      if (!workspace) throw new Error('no workspace to search');
      const r = await call(peopleRoutes.userFilter, {
        params: { workspace },
        body: { data: { search: text, page: 1, limit: PEOPLE_SEARCH_LIMIT } },
        signal,
        silent: true,
      });
      return r.users.map((u) => {
        const d = detail(u);
        return { _id: u._id, name: u.fullName || u.email, ...(d ? { detail: d } : {}) };
      });
    } catch (e) {
      throw new Error(errorText ? errorText(e) : e instanceof Error ? e.message : String(e));
    }
  };
}

/** How a user is named on screen: the full name, else first and last name, else the e-mail. */
export function userName(u: Pick<User, 'fullName' | 'firstName' | 'lastName' | 'email'>): string {
  return u.fullName || [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;
}

/**
 * Hook: names of users by id (people's GET api/user/{id}, one shared cache entry per user for 5 minutes, no retry: a
 * user the caller may not read stays unread). Output: id → `userName`, or `missing(id)` while loading or when the
 * user cannot be read (default '…'). Empty or repeated ids are skipped.
 */
export function useUserNames(ids: readonly (string | null | undefined)[], missing: (id: string) => string = () => '…'): Map<string, string> {
  const unique = [...new Set(ids.filter((x): x is string => !!x))].sort();
  const res = useQueries({
    queries: unique.map((id) => ({
      queryKey: ['people', 'user', id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => call(peopleRoutes.userGet, { params: { id }, signal, silent: true }),
      staleTime: 300_000,
      retry: false,
    })),
  });
  const out = new Map<string, string>();
  unique.forEach((id, i) => {
    const u = res[i]?.data;
    out.set(id, u ? userName(u) : missing(id));
  });
  return out;
}
