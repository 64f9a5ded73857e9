import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { kbEvents } from '@intranet/kb-contract';
import { lmsEvents } from '@intranet/lms-contract';
import type { BusEvent } from '@intranet/platform-bus';
import { pollsEvents } from '@intranet/polls-contract';
import { AdaptationsService } from './adaptations.service.ts';

/** `@EventPattern(subject, { durable })` for an event definition's subject. */
const Consume = (subject: string, durable: string) => EventPattern(subject, { durable }) as MethodDecorator;

/**
 * The other domains' events adaptation consumes (one durable consumer each; a redelivery finishes nothing twice):
 * a poll answered, an article read, a course learned finish the newcomer's steps pointing to them; a deleted poll or
 * article makes its tracks contain errors (§4).
 */
@Controller()
export class AdaptationEventsController {
  constructor(private readonly svc: AdaptationsService) {}

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

  /** evt.polls.poll.deleted → tracks with errors. */
  @Consume(pollsEvents.deleted.subject, 'adaptation-poll-deleted')
  async onPollDeleted(evt: BusEvent<{ pollId: string }>) {
    if (evt.clientId) await this.svc.refDeleted(evt.clientId, 'poll', evt.data.pollId);
  }

  /** evt.kb.article.deleted → tracks with errors. */
  @Consume(kbEvents.articleDeleted.subject, 'adaptation-article-deleted')
  async onArticleDeleted(evt: BusEvent<{ _id: string }>) {
    if (evt.clientId) await this.svc.refDeleted(evt.clientId, 'article', evt.data._id);
  }
}
