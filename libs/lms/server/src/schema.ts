import { boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@intranet/platform-db';

/** PostgreSQL schema owned by the lms service (DESIGN §2); every table has client_id and the tenant policy (§5). */
export const lmsSchema = pgSchema('lms');

/** A stored test question: answers with their right marks (never sent to a learner before the attempt ends). */
export interface StoredQuestion {
  _id: string;
  text: string;
  kind: 'single' | 'multiple';
  answers: { _id: string; text: string; right: boolean }[];
}
/** An IDP task, note and change-log entry as stored. */
export interface StoredTask {
  _id: string;
  title: string;
  deadline: string | null;
  done: boolean;
}
export interface StoredNote {
  _id: string;
  text: string;
  author: string;
  at: string;
}
export interface StoredHistory {
  at: string;
  by: string;
  action: string;
  detail: string;
}

/** §6 LMS administrators per client. */
export const lmsAdmins = lmsSchema
  .table('admins', { clientId: uuid('client_id').notNull(), userId: uuid('user_id').notNull() }, (t) => [
    primaryKey({ columns: [t.clientId, t.userId] }),
    tenantPolicy(),
  ])
  .enableRLS();

/** §3 Course; members are appointed user ids and department names. */
export const courses = lmsSchema
  .table(
    'courses',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      title: text('title').notNull(),
      shortDescription: text('short_description').notNull().default(''),
      cover: text('cover'),
      status: text('status').notNull().default('draft'),
      isPublic: boolean('is_public').notNull().default(false),
      memberUsers: jsonb('member_users').$type<string[]>().notNull().default([]),
      memberDepartments: jsonb('member_departments').$type<string[]>().notNull().default([]),
      createdBy: uuid('created_by'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('courses_client_created_idx').on(t.clientId, t.createdAt), tenantPolicy()],
  )
  .enableRLS();

/** §3 Course lessons (rich text sanitised before it is stored). */
export const lessons = lmsSchema
  .table(
    'lessons',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      courseId: uuid('course_id').notNull(),
      title: text('title').notNull(),
      content: text('content').notNull().default(''),
      files: jsonb('files').$type<{ src: string; fileName: string }[]>().notNull().default([]),
      videos: jsonb('videos').$type<string[]>().notNull().default([]),
      position: integer('position').notNull(),
    },
    (t) => [index('lessons_course_idx').on(t.clientId, t.courseId, t.position), tenantPolicy()],
  )
  .enableRLS();

/** §3 Test with its questions. */
export const tests = lmsSchema
  .table(
    'tests',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      courseId: uuid('course_id').notNull(),
      title: text('title').notNull(),
      description: text('description').notNull().default(''),
      showRightAnswer: boolean('show_right_answer').notNull().default(false),
      showFinalScore: boolean('show_final_score').notNull().default(true),
      shuffle: boolean('shuffle').notNull().default(false),
      timeLimit: integer('time_limit'),
      retries: integer('retries').notNull().default(0),
      position: integer('position').notNull(),
      questions: jsonb('questions').$type<StoredQuestion[]>().notNull().default([]),
    },
    (t) => [index('tests_course_idx').on(t.clientId, t.courseId, t.position), tenantPolicy()],
  )
  .enableRLS();

/** One attempt at a test (§4 Test): the start time and deadline fixed at startTest, answers by question id. */
export const attempts = lmsSchema
  .table(
    'attempts',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      testId: uuid('test_id').notNull(),
      courseId: uuid('course_id').notNull(),
      userId: uuid('user_id').notNull(),
      startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
      deadline: timestamp('deadline', { withTimezone: true }),
      finishedAt: timestamp('finished_at', { withTimezone: true }),
      order: jsonb('question_order').$type<{ q: string; a: string[] }[]>().notNull(),
      answers: jsonb('answers').$type<Record<string, string[]>>().notNull().default({}),
      score: integer('score'),
    },
    (t) => [
      index('attempts_test_user_idx').on(t.clientId, t.testId, t.userId),
      index('attempts_course_user_idx').on(t.clientId, t.courseId, t.userId),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/** A learner's progress in one course (§4): lessons learned in order, learned when lessons and tests are done. */
export const progress = lmsSchema
  .table(
    'progress',
    {
      clientId: uuid('client_id').notNull(),
      courseId: uuid('course_id').notNull(),
      userId: uuid('user_id').notNull(),
      lessonsLearned: jsonb('lessons_learned').$type<string[]>().notNull().default([]),
      learnedAt: timestamp('learned_at', { withTimezone: true }),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('progress_client_user_idx').on(t.clientId, t.userId), tenantPolicy()],
  )
  .enableRLS();

/** §3 IDP with its tasks, notes and history. */
export const idps = lmsSchema
  .table(
    'idps',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      title: text('title').notNull(),
      message: text('message').notNull().default(''),
      creator: uuid('creator').notNull(),
      employee: uuid('employee').notNull(),
      observer: uuid('observer'),
      status: text('status').notNull().default('active'),
      tasks: jsonb('tasks').$type<StoredTask[]>().notNull().default([]),
      notes: jsonb('notes').$type<StoredNote[]>().notNull().default([]),
      history: jsonb('history').$type<StoredHistory[]>().notNull().default([]),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('idps_client_employee_idx').on(t.clientId, t.employee), tenantPolicy()],
  )
  .enableRLS();

export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type TestRow = typeof tests.$inferSelect;
export type AttemptRow = typeof attempts.$inferSelect;
export type ProgressRow = typeof progress.$inferSelect;
export type IdpRow = typeof idps.$inferSelect;
