import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { kbEvents } from '@intranet/kb-contract';
import { lmsEvents } from '@intranet/lms-contract';
import type { BusEvent } from '@intranet/platform-bus';
import { pollsEvents } from '@intranet/polls-contract';
import { AdaptationsService } from './adaptations.service.ts';
import { RefsProjection } from './refs.projection.ts';

/** `@EventPattern(subject, { durable })` for an event definition's subject. */
const Consume = (subject: string, durable: string) => EventPattern(subject, { durable }) as MethodDecorator;
/** As Consume, replayed from the stream's start when the durable is first created (a projection's consumer). */
const Project = (subject: string, durable: string) => EventPattern(subject, { durable, replay: true }) as MethodDecorator;

/**
 * The other domains' events adaptation consumes (one durable consumer each; a redelivery finishes nothing twice):
 * a poll answered, an article read, a course learned finish the newcomer's steps pointing to them; a deleted poll or
 * article makes its tracks contain errors (§4). Created, published and deleted articles, polls and courses keep
 * the projection a step's ids are checked against (RefsProjection).
 */
@Controller()
export class AdaptationEventsController {
  constructor(
    private readonly svc: AdaptationsService,
    private readonly refs: RefsProjection,
  ) {}

  /** evt.kb.article.created → an article steps may point to. */
  @Project(kbEvents.articleCreated.subject, 'adaptation-refs-article-created')
  onArticleCreated(evt: BusEvent<{ _id: string }>) {
    return this.refs.apply({ kind: 'article', id: evt.data._id, deleted: false, evt });
  }

  /** evt.kb.article.updated → as created (an article older than the stream's window becomes known). */
  @Project(kbEvents.articleUpdated.subject, 'adaptation-refs-article-updated')
  onArticleUpdated(evt: BusEvent<{ _id: string }>) {
    return this.refs.apply({ kind: 'article', id: evt.data._id, deleted: false, evt });
  }

  /** evt.polls.poll.published (also on creation) → a poll steps may point to. */
  @Project(pollsEvents.published.subject, 'adaptation-refs-poll-published')
  onPollPublished(evt: BusEvent<{ pollId: string }>) {
    return this.refs.apply({ kind: 'poll', id: evt.data.pollId, deleted: false, evt });
  }

  /** evt.lms.course.published → a course steps may point to (a deleted one: onCourseDeleted). */
  @Project(lmsEvents.coursePublished.subject, 'adaptation-refs-course-published')
  onCoursePublished(evt: BusEvent<{ courseId: string }>) {
    return this.refs.apply({ kind: 'course', id: evt.data.courseId, deleted: false, evt });
  }

  /** evt.polls.poll.answered → the poll steps of the one who answered. */
  @Consume(pollsEvents.answered.subject, 'adaptation-poll-answered')
  async onPollAnswered(evt: BusEvent<{ pollId: string; userId: string }>) {
    if (evt.clientId) await this.svc.completeByRef(evt.clientId, evt.data.userId, 'poll', evt.data.pollId);
  }

  /** evt.kb.article.viewed → the article steps of the reader. */
  @Consume(kbEvents.articleViewed.subject, 'adaptation-article-viewed')
  async onArticleViewed(evt: BusEvent<{ _id: string; userId: string }>) {
    if (evt.clientId) await this.svc.completeByRef(evt.clientId, evt.data.userId, 'article', evt.data._id);
  }

  /** evt.lms.course.learned → the course steps of the learner. */
  @Consume(lmsEvents.courseLearned.subject, 'adaptation-course-learned')
  async onCourseLearned(evt: BusEvent<{ courseId: string; userId: string }>) {
    if (evt.clientId) await this.svc.completeByRef(evt.clientId, evt.data.userId, 'course', evt.data.courseId);
  }

  /** evt.polls.poll.deleted → tracks with errors; new steps may no longer point to it. */
  @Consume(pollsEvents.deleted.subject, 'adaptation-poll-deleted')
  async onPollDeleted(evt: BusEvent<{ pollId: string }>) {
    await this.refs.apply({ kind: 'poll', id: evt.data.pollId, deleted: true, evt });
    if (evt.clientId) await this.svc.refDeleted(evt.clientId, 'poll', evt.data.pollId);
  }

  /** evt.lms.course.deleted → tracks with errors; new steps may no longer point to it. */
  @Consume(lmsEvents.courseDeleted.subject, 'adaptation-course-deleted')
  async onCourseDeleted(evt: BusEvent<{ courseId: string }>) {
    await this.refs.apply({ kind: 'course', id: evt.data.courseId, deleted: true, evt });
    if (evt.clientId) await this.svc.refDeleted(evt.clientId, 'course', evt.data.courseId);
  }

  /** evt.kb.article.deleted → tracks with errors; new steps may no longer point to it. */
  @Consume(kbEvents.articleDeleted.subject, 'adaptation-article-deleted')
  async onArticleDeleted(evt: BusEvent<{ _id: string }>) {
    await this.refs.apply({ kind: 'article', id: evt.data._id, deleted: true, evt });
    if (evt.clientId) await this.svc.refDeleted(evt.clientId, 'article', evt.data._id);
  }
}
