import { defineEvent, z, type EventPayload } from '@intranet/platform-contracts';
import { ADAPT_ROLES, STEP_TYPES } from './schemas.ts';

const people = {
  adaptationId: z.string(),
  trackId: z.string(),
  /** The newcomer. */
  userId: z.string(),
  /** Whose sockets get it (the participants). */
  userIds: z.array(z.string()),
};

/**
 * Events of the adaptation domain (DESIGN §6); notifications (section `adapt`), the shop (reward steps) and
 * analytics import these definitions. Realtime: the gateway relays `evt.adaptation.>` to `userIds`.
 */
export const adaptationEvents = {
  started: defineEvent(
    'evt.adaptation.adaptation.started',
    z.object({
      ...people,
      trackName: z.string(),
      mentorId: z.string(),
      hrId: z.string().nullable(),
      chiefId: z.string().nullable(),
      startDate: z.string(),
      by: z.string(),
    }),
    'A newcomer was put on a track',
  ),
  /** A step opened on its day (the job queue): `notify` are the people told (notifications, section `adapt`). */
  stepOpened: defineEvent(
    'evt.adaptation.step.opened',
    z.object({
      ...people,
      stepId: z.string(),
      stepName: z.string(),
      trackName: z.string(),
      type: z.enum(STEP_TYPES),
      scenario: z.enum(ADAPT_ROLES),
      notify: z.array(z.string()),
    }),
    'A step of an adaptation opened',
  ),
  /** A step was finished: a reward step carries `coins` (the shop accrues them to `userId` once per adaptation and step). */
  stepFinished: defineEvent(
    'evt.adaptation.step.finished',
    z.object({ ...people, stepId: z.string(), stepName: z.string(), type: z.enum(STEP_TYPES), coins: z.number().int().nullable(), by: z.string().nullable() }),
    'A step of an adaptation was finished',
  ),
  stepReopened: defineEvent(
    'evt.adaptation.step.reopened',
    z.object({ ...people, stepId: z.string(), by: z.string() }),
    'A finished step was opened again (rolled back or resumed)',
  ),
  finished: defineEvent('evt.adaptation.adaptation.finished', z.object({ ...people, trackName: z.string() }), 'Every step of an adaptation is finished'),
  probationPassed: defineEvent(
    'evt.adaptation.adaptation.probation',
    z.object({ ...people, trackName: z.string(), by: z.string() }),
    'The newcomer passed probation',
  ),
  removed: defineEvent('evt.adaptation.adaptation.removed', z.object(people), 'A newcomer was taken off a track'),
  /** A track changed (HR screens refresh); no names. */
  trackChanged: defineEvent('evt.adaptation.track.changed', z.object({ trackId: z.string(), userIds: z.array(z.string()) }), 'A track changed'),
};
export type StepOpenedEvent = EventPayload<typeof adaptationEvents.stepOpened>;
export type StepFinishedEvent = EventPayload<typeof adaptationEvents.stepFinished>;

/** Realtime subjects the gateway relays to the participants' sockets. */
export const ADAPTATION_REALTIME = ['evt.adaptation.>'] as const;
