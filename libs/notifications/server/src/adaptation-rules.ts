import { adaptationEvents } from '@intranet/adaptation-contract';
import { rule, type Rule } from './rule.ts';

/**
 * Adaptation (issue 34), section `adapt`: a newcomer put on a track notifies its newcomer, mentor, HR and chief
 * (not who added them); a step opening notifies the people its scenario names (the step's start notification);
 * a finished adaptation and a passed probation notify everyone of it. Links go to the newcomer's journey.
 */
export const ADAPTATION_RULES: Rule[] = [
  rule(adaptationEvents.started, (e) =>
    e.data.userIds
      .filter((u) => u !== e.data.by)
      .map((userId) => ({
        userId,
        section: 'adapt',
        type: 'adapt.started',
        title: `Adaptation “${e.data.trackName}” has started`,
        text: '',
        link: `/adaptation/user/${e.data.adaptationId}`,
        object: { type: 'adaptation', id: e.data.adaptationId },
        actorId: e.data.by,
        data: { name: e.data.trackName },
        key: `adapt.started:${e.data.adaptationId}:${userId}`,
      })),
  ),
  rule(adaptationEvents.stepOpened, (e) =>
    e.data.notify.map((userId) => ({
      userId,
      section: 'adapt',
      type: 'adapt.step_opened',
      title: `A new adaptation step is open: “${e.data.stepName}” (${e.data.trackName})`,
      text: '',
      link: `/adaptation/user/${e.data.adaptationId}`,
      object: { type: 'adaptation', id: e.data.adaptationId },
      actorId: null,
      data: { name: e.data.trackName, step: e.data.stepName },
      // One per opening (the event id): a step rolled back and opened again is not announced twice by a redelivery.
      key: `adapt.step_opened:${e.data.adaptationId}:${e.data.stepId}:${userId}:${e.id}`,
    })),
  ),
  rule(adaptationEvents.finished, (e) =>
    e.data.userIds.map((userId) => ({
      userId,
      section: 'adapt',
      type: 'adapt.finished',
      title: `Adaptation “${e.data.trackName}” is finished`,
      text: '',
      link: `/adaptation/user/${e.data.adaptationId}`,
      object: { type: 'adaptation', id: e.data.adaptationId },
      actorId: null,
      data: { name: e.data.trackName },
      key: `adapt.finished:${e.data.adaptationId}:${userId}:${e.id}`,
    })),
  ),
  rule(adaptationEvents.probationPassed, (e) =>
    e.data.userIds
      .filter((u) => u !== e.data.by)
      .map((userId) => ({
        userId,
        section: 'adapt',
        type: 'adapt.probation',
        title: `Probation passed: adaptation “${e.data.trackName}”`,
        text: '',
        link: `/adaptation/user/${e.data.adaptationId}`,
        object: { type: 'adaptation', id: e.data.adaptationId },
        actorId: e.data.by,
        data: { name: e.data.trackName },
        key: `adapt.probation:${e.data.adaptationId}:${userId}`,
      })),
  ),
];
