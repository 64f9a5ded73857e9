import { defineEvent, z, type EventPayload } from '@intranet/platform-contracts';

const userIds = z.array(z.string());
/** Events of the services domain (DESIGN §6); consumers import these definitions. `userIds`: whose sockets get it. */
export const bpEvents = {
  started: defineEvent(
    'evt.bp.request.started',
    z.object({ requestId: z.string(), bpId: z.string(), name: z.string(), initiatorId: z.string(), userIds }),
    'A request was started',
  ),
  assigned: defineEvent(
    'evt.bp.step.assigned',
    z.object({
      requestId: z.string(),
      name: z.string(),
      step: z.number(),
      stepName: z.string(),
      initiatorId: z.string(),
      userIds,
      /** Who must pass the step now (notifications tells them; `userIds` is every participant's sockets). */
      performers: z.array(z.string()).optional(),
    }),
    'A step of a request was assigned to its performers',
  ),
  accepted: defineEvent(
    'evt.bp.step.accepted',
    z.object({ requestId: z.string(), name: z.string(), step: z.number(), by: z.string(), initiatorId: z.string(), userIds }),
    'A performer accepted (or acknowledged) a step',
  ),
  declined: defineEvent(
    'evt.bp.step.declined',
    z.object({ requestId: z.string(), name: z.string(), step: z.number(), by: z.string(), reason: z.string(), initiatorId: z.string(), userIds }),
    'A performer declined a step (the request is rejected)',
  ),
  finished: defineEvent(
    'evt.bp.request.finished',
    z.object({ requestId: z.string(), name: z.string(), status: z.enum(['finished', 'rejected']), initiatorId: z.string(), userIds }),
    'A request was finished successfully or rejected',
  ),
  overdue: defineEvent(
    'evt.bp.request.overdue',
    z.object({ requestId: z.string(), name: z.string(), due: z.string(), initiatorId: z.string(), userIds }),
    'A request passed its due date (raised once)',
  ),
  commented: defineEvent(
    'evt.bp.request.commented',
    z.object({ requestId: z.string(), name: z.string(), by: z.string(), initiatorId: z.string(), userIds }),
    'Someone commented on a request',
  ),
  serviceChanged: defineEvent(
    'evt.bp.service.changed',
    z.object({ bpId: z.string(), version: z.number(), deleted: z.boolean() }),
    'A service was created, edited or deleted',
  ),
  serviceReqSent: defineEvent(
    'evt.bp.service_req.sent',
    z.object({ _id: z.string(), author: z.string(), bp: z.string().nullable() }),
    'An employee asked the administrators for a service (send_service_req)',
  ),
};
export type BpStartedEvent = EventPayload<typeof bpEvents.started>;
