import { structureRoutes } from '@intranet/people-contract/structure';
import { call } from '@intranet/web-api';

/** POST /api/user/vacation (§7 Users, §5 Vacation): requests one's own vacation (first and last day, YYYY-MM-DD). */
export const requestVacation = (start: string, end: string) => call(structureRoutes.vacationCreate, { body: { start, end }, silent: true });
