/**
 * The people search behind the shared `UserPicker` (`@intranet/web-ui/widgets`), used by the bp, kb and tasks
 * remotes: one subpath of its own (`@intranet/web-ui/people-search`) so the kit's main entry — and with it the shell's
 * first load (DESIGN §10) — does not carry the people contract's routes. Not a Module Federation singleton: it keeps
 * no state, and each remote bundling its few hundred bytes costs less than one more shared chunk to negotiate.
 */
import { peopleRoutes, type User } from '@intranet/people-contract';
import { call } from '@intranet/web-api';
import type { UserOption } from './user-picker.tsx';

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
      const r = await call(peopleRoutes.filter, {
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
