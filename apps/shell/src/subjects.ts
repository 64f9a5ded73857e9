/**
 * Realtime subjects the shell listens to, written out: importing a domain contract for one subject would put all of
 * its routes and schemas into the shell's first load (issue 8 §5). subjects.spec checks each against its contract.
 */

/** The kb contract's `kbEvents.vacancyResponded` (§7 vacancy responses: the receivers' personal toast). */
export const VACANCY_RESPONDED_SUBJECT = 'evt.kb.vacancy.responded';
