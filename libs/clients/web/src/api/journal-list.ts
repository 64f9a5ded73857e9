import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clientRoutes } from '@intranet/clients-contract';
import type { z } from '@intranet/platform-contracts';
import { routeQuery } from '@intranet/web-api';
import { journalSectionQueryOptions } from './journal-section.ts';
import { clientKeys } from './keys.ts';

/** Entries of one journal page. */
export const JOURNAL_PAGE_SIZE = 20;

/** The journal tab's filters (empty string: no filter). */
export interface JournalFilters {
  section: string;
  action: string;
  from: string;
  to: string;
}

/** GET /api/journal/{client} (§7 Clients, issue 18 §2): one page of the client's audit journal, newest first. */
export const journalListQueryOptions = (clientId: string, query: z.input<typeof clientRoutes.journalList.query>) =>
  routeQuery(clientKeys.journal(clientId), clientRoutes.journalList, { params: { client: clientId }, query });

/**
 * One page of the audit journal with the tab's filters: GET api/journal/{client}, or with a section picked
 * GET api/journal/{client}/section/{section}; the previous page is kept while the next loads.
 */
export function useJournal(clientId: string, f: JournalFilters, page: number) {
  const query = {
    page,
    limit: JOURNAL_PAGE_SIZE,
    ...(f.action ? { action: f.action } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  };
  const options = f.section ? journalSectionQueryOptions(clientId, f.section, query) : journalListQueryOptions(clientId, query);
  return useQuery({ ...(options as ReturnType<typeof journalListQueryOptions>), placeholderData: keepPreviousData });
}
