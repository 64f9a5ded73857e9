import { access, defineRoute, Id, z } from '@intranet/platform-contracts';
import { answerBody, answerValue, pollCreate, pollListItem, pollSchema, pollUpdate, resultsSchema } from './schemas.ts';

const pollIdParams = z.object({ _id: Id });
const idParam = z.object({ id: Id });
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = (max: number, def: number) => z.coerce.number().int().min(1).max(max).default(def);

/** The §7 Polls routes (exact paths) plus the answer and remind routes the spec does not show; keys `<entity><Verb>`. */
export const pollsRoutes = {
  pollAccessFor: defineRoute({
    method: 'GET',
    path: '/api/user/{clientId}/polls/access_for/{userId}',
    subject: 'polls.poll.accessFor',
    summary:
      'The polls a user may see (/polls tabs: active — to answer, passed — answered or finished, mine — managed), searchable and paged, and whether the user may create polls. Oneself, or any user for an admin.',
    spec: '§7 Polls, §6 polls right, poll managers',
    access: access.feature('polls'),
    params: z.object({ clientId: Id, userId: Id }),
    query: z.object({
      tab: z.enum(['active', 'passed', 'mine']).default('active'),
      search: z.string().trim().max(100).optional(),
      page,
      limit: limit(100, 20),
    }),
    result: z.object({ polls: z.array(pollListItem), total: z.number(), page: z.number(), limit: z.number(), canCreate: z.boolean() }),
  }),
  pollGet: defineRoute({
    method: 'GET',
    path: '/api/poll/{id}',
    subject: 'polls.poll.get',
    summary: 'One poll with its questions (recipients and managers); the caller’s own answer when the poll is not anonymous',
    spec: '§7 Polls, §6',
    access: access.feature('polls'),
    params: idParam,
    result: pollSchema.extend({ myAnswer: z.record(z.string(), answerValue).nullable() }),
  }),
  pollCreate: defineRoute({
    method: 'POST',
    path: '/api/poll',
    subject: 'polls.poll.create',
    summary: 'Create and publish a poll (poll managers: admins and heads); publishes evt.polls.poll.published to its recipients',
    spec: '§7 Polls, §5 Poll',
    access: access.feature('polls'),
    body: pollCreate,
    result: pollSchema,
  }),
  pollUpdate: defineRoute({
    method: 'PUT',
    path: '/api/poll/{_id}',
    subject: 'polls.poll.update',
    summary: 'Edit a poll (its author or an admin): everything until the first answer, then only name, description and end date',
    spec: '§7 Polls, §5 Poll',
    access: access.feature('polls'),
    params: pollIdParams,
    body: pollUpdate,
    result: pollSchema,
  }),
  pollFinish: defineRoute({
    method: 'PUT',
    path: '/api/poll/{_id}/finish',
    subject: 'polls.poll.finish',
    summary: 'Finish a poll (no more answers); publishes evt.polls.poll.finished',
    spec: '§7 Polls, §4',
    access: access.feature('polls'),
    params: pollIdParams,
    result: pollSchema,
  }),
  pollAnswer: defineRoute({
    method: 'POST',
    path: '/api/poll/{_id}/answer',
    subject: 'polls.poll.answer',
    summary:
      'Answer a poll once (a recipient, while it is active): mandatory questions answered, ranges within bounds, options of the question. Not in §7 (the spec shows no path): added in the style of PUT api/poll/{_id}/finish',
    spec: '§7 Polls (added), §5 Poll',
    access: access.feature('polls'),
    params: pollIdParams,
    body: answerBody,
    result: z.object({ _id: z.string(), passed: z.literal(true), answersCount: z.number() }),
  }),
  pollResults: defineRoute({
    method: 'GET',
    path: '/api/poll/{id}/results',
    subject: 'polls.poll.results',
    summary:
      'Results (§2 tabs general, table, not passed): per-question counts, the answers table (paged) and who has not passed; what the caller sees follows §6 per poll type (403 pollResultsManagersOnly: a recipient of an anonymous poll)',
    spec: '§7 Polls, §6 closed and anonymous visibility',
    access: access.feature('polls'),
    params: idParam,
    query: z.object({ page, limit: limit(500, 50) }),
    result: resultsSchema,
  }),
  pollRemind: defineRoute({
    method: 'POST',
    path: '/api/poll/{_id}/remind',
    subject: 'polls.poll.remind',
    summary:
      "Remind the recipients who have not answered (the not-passed tab's action; author or admin; not for anonymous polls): publishes evt.polls.poll.reminded to them. Not in §7: added in the style of the other poll routes",
    spec: '§7 Polls (added), §2 not passed',
    access: access.feature('polls'),
    params: pollIdParams,
    result: z.object({ reminded: z.number() }),
  }),
  pollDelete: defineRoute({
    method: 'DELETE',
    path: '/api/poll/{id}',
    subject: 'polls.poll.delete',
    summary: 'Delete a poll with its answers (its author or an admin)',
    spec: '§7 Polls',
    access: access.feature('polls'),
    params: idParam,
    result: z.object({ _id: z.string() }),
  }),
  pollExcel: defineRoute({
    method: 'GET',
    path: '/api/poll/{poll_id}/excel',
    subject: 'polls.poll.excel',
    summary:
      'Excel (.xlsx, exceljs streaming writer) of the results the caller may see: a sheet per summary and the answers. The workbook is streamed to object storage; the answer is a short-lived signed download URL (GET /api/files/…). `uid`: the user the export is for (the caller; an admin may name another).',
    spec: '§7 Polls, §8 Excel export errors',
    access: access.feature('polls'),
    params: z.object({ poll_id: Id }),
    query: z.object({ uid: Id.optional() }),
    timeoutMs: 120_000,
    result: z.object({ url: z.string(), fileName: z.string(), size: z.number() }),
  }),
};
