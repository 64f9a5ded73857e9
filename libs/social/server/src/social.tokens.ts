/** Provider tokens of the social module that are not classes (see social.module.ts). */

/** `Signer`: the platform's `signFileUrl` bound to the portal's JWT_SECRET (the gateway checks the same secret). */
export const SOCIAL_SIGNER = 'social:signer';
/** The platform Outbox, wrapped so this replica's wall read model hears of a change right after its commit. */
export const SOCIAL_OUTBOX = 'social:outbox';
/** `PeopleClient` (@intranet/people-contract/lookup) on the platform bus. */
export const PEOPLE_CLIENT = 'social:peopleClient';
