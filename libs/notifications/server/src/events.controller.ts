import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { bpEvents } from '@intranet/bp-contract';
import { calendarEvents } from '@intranet/calendar-contract';
import { chatEvents } from '@intranet/chat-contract';
import { kbEvents } from '@intranet/kb-contract';
import { notificationsEvents } from '@intranet/notifications-contract';
import { vacationEvents } from '@intranet/people-contract/structure';
import type { EventDef } from '@intranet/platform-contracts';
import type { BusEvent } from '@intranet/platform-bus';
import { pollsEvents } from '@intranet/polls-contract';
import { shopEvents } from '@intranet/shop-contract';
import { socialEvents } from '@intranet/social-contract';
import { tasksEvents } from '@intranet/tasks-contract';
import { lmsEvents } from '@intranet/lms-contract';
import { adaptationEvents } from '@intranet/adaptation-contract';
import { EventConsumer } from './consumer.service.ts';
import { consumerName } from './rules.ts';

/** `@EventPattern(def.subject, { durable })`: one durable JetStream consumer per subject (a failure redelivers that one). */
const Consume = (def: EventDef) => EventPattern(def.subject, { durable: consumerName(def.subject) }) as MethodDecorator;

/**
 * The domain events the notifications service consumes (issue 10, issue 29), one method per subject; what each
 * becomes is its rule in rules.ts / activity-rules.ts (a spec checks both lists name the same subjects).
 */
@Controller()
export class EventsController {
  constructor(private readonly consumer: EventConsumer) {}

  @Consume(notificationsEvents.noticeQueued)
  noticeQueued(evt: BusEvent) {
    return this.consumer.handle(notificationsEvents.noticeQueued.subject, evt);
  }

  @Consume(socialEvents.postCreated)
  socialPostCreated(evt: BusEvent) {
    return this.consumer.handle(socialEvents.postCreated.subject, evt);
  }

  @Consume(socialEvents.postUpdated)
  socialPostUpdated(evt: BusEvent) {
    return this.consumer.handle(socialEvents.postUpdated.subject, evt);
  }

  @Consume(socialEvents.commentCreated)
  socialCommentCreated(evt: BusEvent) {
    return this.consumer.handle(socialEvents.commentCreated.subject, evt);
  }

  @Consume(socialEvents.likeChanged)
  socialLikeChanged(evt: BusEvent) {
    return this.consumer.handle(socialEvents.likeChanged.subject, evt);
  }

  @Consume(socialEvents.groupChanged)
  socialGroupChanged(evt: BusEvent) {
    return this.consumer.handle(socialEvents.groupChanged.subject, evt);
  }

  @Consume(socialEvents.ideaSent)
  socialIdeaSent(evt: BusEvent) {
    return this.consumer.handle(socialEvents.ideaSent.subject, evt);
  }

  @Consume(socialEvents.ideaStatusChanged)
  socialIdeaStatusChanged(evt: BusEvent) {
    return this.consumer.handle(socialEvents.ideaStatusChanged.subject, evt);
  }

  @Consume(socialEvents.violReportSent)
  socialViolReportSent(evt: BusEvent) {
    return this.consumer.handle(socialEvents.violReportSent.subject, evt);
  }

  @Consume(calendarEvents.invited)
  calendarInvited(evt: BusEvent) {
    return this.consumer.handle(calendarEvents.invited.subject, evt);
  }

  @Consume(calendarEvents.reminder)
  calendarReminder(evt: BusEvent) {
    return this.consumer.handle(calendarEvents.reminder.subject, evt);
  }

  @Consume(calendarEvents.updated)
  calendarUpdated(evt: BusEvent) {
    return this.consumer.handle(calendarEvents.updated.subject, evt);
  }

  @Consume(calendarEvents.deleted)
  calendarDeleted(evt: BusEvent) {
    return this.consumer.handle(calendarEvents.deleted.subject, evt);
  }

  @Consume(pollsEvents.published)
  pollsPublished(evt: BusEvent) {
    return this.consumer.handle(pollsEvents.published.subject, evt);
  }

  @Consume(pollsEvents.reminded)
  pollsReminded(evt: BusEvent) {
    return this.consumer.handle(pollsEvents.reminded.subject, evt);
  }

  @Consume(tasksEvents.taskAssigned)
  tasksTaskAssigned(evt: BusEvent) {
    return this.consumer.handle(tasksEvents.taskAssigned.subject, evt);
  }

  @Consume(tasksEvents.taskDueSoon)
  tasksTaskDueSoon(evt: BusEvent) {
    return this.consumer.handle(tasksEvents.taskDueSoon.subject, evt);
  }

  @Consume(tasksEvents.taskOverdue)
  tasksTaskOverdue(evt: BusEvent) {
    return this.consumer.handle(tasksEvents.taskOverdue.subject, evt);
  }

  @Consume(chatEvents.noticeMessage)
  chatNoticeMessage(evt: BusEvent) {
    return this.consumer.handle(chatEvents.noticeMessage.subject, evt);
  }

  @Consume(kbEvents.vacancyResponded)
  kbVacancyResponded(evt: BusEvent) {
    return this.consumer.handle(kbEvents.vacancyResponded.subject, evt);
  }

  @Consume(bpEvents.assigned)
  bpAssigned(evt: BusEvent) {
    return this.consumer.handle(bpEvents.assigned.subject, evt);
  }

  @Consume(bpEvents.serviceReqSent)
  bpServiceReqSent(evt: BusEvent) {
    return this.consumer.handle(bpEvents.serviceReqSent.subject, evt);
  }

  @Consume(bpEvents.finished)
  bpFinished(evt: BusEvent) {
    return this.consumer.handle(bpEvents.finished.subject, evt);
  }

  @Consume(vacationEvents.vacationAdded)
  vacationAdded(evt: BusEvent) {
    return this.consumer.handle(vacationEvents.vacationAdded.subject, evt);
  }

  @Consume(vacationEvents.vacationUpdated)
  vacationUpdated(evt: BusEvent) {
    return this.consumer.handle(vacationEvents.vacationUpdated.subject, evt);
  }

  @Consume(vacationEvents.vacationDeleted)
  vacationDeleted(evt: BusEvent) {
    return this.consumer.handle(vacationEvents.vacationDeleted.subject, evt);
  }

  @Consume(shopEvents.accrued)
  shopAccrued(evt: BusEvent) {
    return this.consumer.handle(shopEvents.accrued.subject, evt);
  }

  @Consume(shopEvents.purchased)
  shopPurchased(evt: BusEvent) {
    return this.consumer.handle(shopEvents.purchased.subject, evt);
  }

  @Consume(lmsEvents.courseAppointed)
  lmsCourseAppointed(evt: BusEvent) {
    return this.consumer.handle(lmsEvents.courseAppointed.subject, evt);
  }

  @Consume(lmsEvents.idpChanged)
  lmsIdpChanged(evt: BusEvent) {
    return this.consumer.handle(lmsEvents.idpChanged.subject, evt);
  }

  @Consume(adaptationEvents.started)
  adaptationStarted(evt: BusEvent) {
    return this.consumer.handle(adaptationEvents.started.subject, evt);
  }

  @Consume(adaptationEvents.stepOpened)
  adaptationStepOpened(evt: BusEvent) {
    return this.consumer.handle(adaptationEvents.stepOpened.subject, evt);
  }

  @Consume(adaptationEvents.finished)
  adaptationFinished(evt: BusEvent) {
    return this.consumer.handle(adaptationEvents.finished.subject, evt);
  }

  @Consume(adaptationEvents.probationPassed)
  adaptationProbation(evt: BusEvent) {
    return this.consumer.handle(adaptationEvents.probationPassed.subject, evt);
  }
}
