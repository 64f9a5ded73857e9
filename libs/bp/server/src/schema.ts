import type { BpComment, HistoryEntry, Performer, RequestStep, Step, Values } from '@intranet/bp-contract';
import { boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@intranet/platform-db';

/** PostgreSQL schema owned by the services (bp) service (DESIGN §2). Every table has client_id and the tenant policy. */
export const bpSchema = pgSchema('bp');

/** §3 Service group. */
export const groups = bpSchema
  .table(
    'groups',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      name: text('name').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('groups_client_idx').on(t.clientId, t.name), tenantPolicy()],
  )
  .enableRLS();

/**
 * §3 Service (business process definition). Steps as JSONB (their ids and their fields' ids are stable across
 * edits); `version` rises with every change — requests keep the snapshot they started on.
 */
export const services = bpSchema
  .table(
    'services',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      groupId: uuid('group_id')
        .notNull()
        .references(() => groups.id),
      name: text('name').notNull(),
      description: text('description').notNull(),
      department: text('department'),
      daysLimit: integer('days_limit'),
      forAll: boolean('for_all').notNull().default(true),
      users: jsonb('users').$type<string[]>().notNull().default([]),
      departments: jsonb('departments').$type<string[]>().notNull().default([]),
      steps: jsonb('steps').$type<Step[]>().notNull().default([]),
      version: integer('version').notNull().default(1),
      authorId: uuid('author_id'),
      /** The knowledge-base article that describes the service (GET api/service/byArticle/{id}); no foreign key: kb owns it. */
      articleId: uuid('article_id'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('services_client_group_idx').on(t.clientId, t.groupId), index('services_article_idx').on(t.clientId, t.articleId), tenantPolicy()],
  )
  .enableRLS();

/** The definition a request runs on (a snapshot of the service at its start). */
export interface Definition {
  steps: Step[];
  days_limit: number | null;
  department: string | null;
}
export type { Performer, Values };

/**
 * §3 running request ("runned bp"). `current_performers` (the current step's) and `participants` (everyone ever
 * assigned) are uuid arrays, read only with their row (who may pass the step, who may see the request, whom to notify):
 * no query searches them, so they have no index (their GIN indexes went in migration 0006); "requests to me" reads
 * `request_participants` below. `service_id` has no foreign key: a deleted service's requests run on with their
 * snapshot.
 */
export const requests = bpSchema
  .table(
    'requests',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      serviceId: uuid('service_id').notNull(),
      name: text('name').notNull(),
      version: integer('version').notNull(),
      definition: jsonb('definition').$type<Definition>().notNull(),
      initiatorId: uuid('initiator_id').notNull(),
      status: text('status').$type<'active' | 'finished' | 'rejected'>().notNull().default('active'),
      currentStep: integer('current_step').notNull().default(0),
      currentPerformers: uuid('current_performers').array().notNull().default([]),
      participants: uuid('participants').array().notNull().default([]),
      steps: jsonb('steps').$type<RequestStep[]>().notNull(),
      history: jsonb('history').$type<HistoryEntry[]>().notNull().default([]),
      comments: jsonb('comments').$type<BpComment[]>().notNull().default([]),
      /** Full names of the people named in the request (initiator, performers), as people gave them when assigned. */
      names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
      dueAt: timestamp('due_at', { withTimezone: true }),
      overdueAt: timestamp('overdue_at', { withTimezone: true }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      finishedAt: timestamp('finished_at', { withTimezone: true }),
    },
    (t) => [
      index('requests_initiator_idx').on(t.clientId, t.initiatorId, t.createdAt),
      index('requests_due_idx').on(t.clientId, t.dueAt),
      index('requests_service_idx').on(t.clientId, t.serviceId, t.createdAt),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/**
 * Who was ever assigned to a request (`requests.participants` as rows, written in the same transactions: start,
 * pass_step), for "requests to me" (GET api/bp/runned/{user}?as=performer, issue 15). Under row-level security
 * PostgreSQL could not use a GIN index of `participants` (`@>` is not LEAKPROOF, so it must run after the policy and
 * every row of the client is filtered); here the list is an `=` on a btree in the list's order. `created_at` is the
 * request's (the list's order and its from/to filter).
 */
export const requestParticipants = bpSchema
  .table(
    'request_participants',
    {
      clientId: uuid('client_id').notNull(),
      userId: uuid('user_id').notNull(),
      requestId: uuid('request_id')
        .notNull()
        .references(() => requests.id, { onDelete: 'cascade' }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    },
    (t) => [
      primaryKey({ columns: [t.requestId, t.userId] }),
      index('request_participants_list_idx').on(t.clientId, t.userId, t.createdAt.desc().nullsFirst(), t.requestId.desc().nullsFirst()),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/** A template: a finished request's start-form values kept by its initiator (§3 "templates exist"). */
export const templates = bpSchema
  .table(
    'templates',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      serviceId: uuid('service_id')
        .notNull()
        .references(() => services.id, { onDelete: 'cascade' }),
      ownerId: uuid('owner_id').notNull(),
      name: text('name').notNull(),
      values: jsonb('values').$type<Values>().notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('templates_owner_idx').on(t.clientId, t.ownerId), tenantPolicy()],
  )
  .enableRLS();

/**
 * A service request (§7 POST api/user/send_service_req): an employee asks the administrators for a service — one
 * they cannot find (no `service_id`) or one they may not start yet (its id).
 */
export const serviceReqs = bpSchema
  .table(
    'service_reqs',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      authorId: uuid('author_id').notNull(),
      serviceId: uuid('service_id'),
      text: text('text').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('service_reqs_client_idx').on(t.clientId, t.createdAt), tenantPolicy()],
  )
  .enableRLS();

/**
 * Files attached to requests (§5 "files uploaded by the requester"): the first request that names an upload key
 * claims it for the person who attached it; nobody else may attach that key afterwards. The object itself stays in
 * storage under the key (`<client>/file/<uuid>/<name>`, POST api/upload?kind=file).
 */
export const files = bpSchema
  .table(
    'files',
    {
      key: text('key').primaryKey(),
      clientId: uuid('client_id').notNull(),
      ownerId: uuid('owner_id').notNull(),
      requestId: uuid('request_id').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('files_request_idx').on(t.clientId, t.requestId), tenantPolicy()],
  )
  .enableRLS();

export type GroupRow = typeof groups.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type RequestRow = typeof requests.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;
export type ServiceReqRow = typeof serviceReqs.$inferSelect;
