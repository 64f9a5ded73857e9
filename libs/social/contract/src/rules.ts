import { requiredString, V } from '@intranet/platform-contracts';

// A field rule shared by schemas.ts (post bodies) and routes.ts (comment bodies); not exported by the package.

/** Message text: required, kept within a sane size; HTML is sanitised by the service. */
export const messageRule = requiredString().max(20_000, V.max(20_000));
