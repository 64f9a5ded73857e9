import { lmsEvents } from '@intranet/lms-contract';
import { rule, type Rule } from './rule.ts';

/**
 * Learning and development plans (issue 33): a course appointed notifies the people it names (not who appointed it;
 * departments are not expanded here), a plan created or changed notifies its employee, creator and observer except
 * who changed it (section `idp`).
 */
export const LMS_RULES: Rule[] = [
  rule(lmsEvents.courseAppointed, (e) =>
    e.data.users
      .filter((u) => u !== e.data.by)
      .map((userId) => ({
        userId,
        section: 'other',
        type: 'course.appointed',
        title: `You were appointed the course “${e.data.title}”`,
        text: '',
        link: `/courses/${e.data.courseId}`,
        object: { type: 'course', id: e.data.courseId },
        actorId: e.data.by,
        data: { name: e.data.title },
        // One per appointment (the event id): re-appointing after a change notifies again, a redelivery does not.
        key: `course.appointed:${e.data.courseId}:${userId}:${e.id}`,
      })),
  ),
  rule(lmsEvents.idpChanged, (e) =>
    [...new Set([e.data.employee, e.data.creator, e.data.observer].filter((u): u is string => !!u && u !== e.data.by))].map((userId) => ({
      userId,
      section: 'idp',
      type: e.data.action === 'created' ? 'idp.created' : 'idp.changed',
      title: e.data.action === 'created' ? `A development plan “${e.data.title}” was created` : `The development plan “${e.data.title}” was changed`,
      text: '',
      link: `/idp/${e.data.idpId}`,
      object: { type: 'idp', id: e.data.idpId },
      actorId: e.data.by,
      data: { name: e.data.title },
      key: `idp.changed:${e.data.idpId}:${userId}:${e.id}`,
    })),
  ),
];
