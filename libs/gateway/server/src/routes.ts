import { clientRoutes } from '@intranet/clients-contract';
import { fileRoutes } from '@intranet/files-contract';
import { kbRoutes } from '@intranet/kb-contract';
import { socialRoutes } from '@intranet/social-contract';
import { peopleRoutes } from '@intranet/people-contract';
import type { RouteDef } from '@intranet/platform-contracts';

/** Every §7 route the gateway serves, from the domains' contracts. */
export const allRoutes: RouteDef[] = [
  ...Object.values(clientRoutes),
  ...Object.values(peopleRoutes),
  ...Object.values(fileRoutes),
  ...Object.values(socialRoutes),
  ...Object.values(kbRoutes),
];

/** Events the gateway relays to the browsers of the event's workspace (§4 Realtime socket). */
export const realtimeSubjects = ['evt.social.>', 'evt.kb.>', 'evt.people.import.progress'];
