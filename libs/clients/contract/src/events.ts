import { defineEvent, z, type EventDef } from '@intranet/platform-contracts';

/** Events published by the clients service (the gateway's tenant caches and sockets follow them). */
export const clientEvents = {
  created: defineEvent('evt.clients.client.created', z.object({ _id: z.string(), workspace: z.string() })),
  updated: defineEvent('evt.clients.client.updated', z.object({ _id: z.string(), status: z.string(), workspace: z.string() })),
  /** The installation's maintenance mode was switched (gateways drop their cached flag). */
  applicationUpdated: defineEvent('evt.clients.application.updated', z.object({ maintenance: z.boolean() })),
} satisfies Record<string, EventDef>;
