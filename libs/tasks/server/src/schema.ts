import { sql } from 'drizzle-orm';
import { boolean, customType, doublePrecision, foreignKey, index, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@intranet/platform-db';

/** PostgreSQL schema owned by the tasks service (DESIGN §2). */
export const tasksSchema = pgSchema('tasks');

/**
 * Text compared byte by byte (COLLATE "C"): the fractional order keys (fractional-indexing) sort by code point,
 * which a locale collation (en_US: case-insensitive first pass) would not keep.
 */
const orderKey = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/** A checklist item of a task (§3). */
export interface CheckItem {
  _id: string;
  text: string;
  done: boolean;
}
/** An attachment of a task (§3: url, thumb, mime, name). */
export interface Attachment {
  url: string;
  thumb: string | null;
  mime: string;
  name: string;
}

/** §3 Task board (desk); its admins and members are rows of desk_people. */
export const desks = tasksSchema
  .table(
    'desks',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      name: text('name').notNull(),
      description: text('description').notNull().default(''),
      status: text('status', { enum: ['active', 'finished'] })
        .notNull()
        .default('active'),
      ownerId: uuid('owner_id').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
      finishedAt: timestamp('finished_at', { withTimezone: true }),
    },
    (t) => [index('desks_client_owner_idx').on(t.clientId, t.ownerId), tenantPolicy()],
  )
  .enableRLS();

/** §6 board roles besides the owner: admin (changes the board), comment and view members. */
export const deskPeople = tasksSchema
  .table(
    'desk_people',
    {
      clientId: uuid('client_id').notNull(),
      deskId: uuid('desk_id').notNull(),
      userId: uuid('user_id').notNull(),
      role: text('role', { enum: ['admin', 'comment', 'view'] }).notNull(),
    },
    (t) => [
      primaryKey({ columns: [t.deskId, t.userId] }),
      foreignKey({ columns: [t.deskId], foreignColumns: [desks.id] }).onDelete('cascade'),
      index('desk_people_user_idx').on(t.clientId, t.userId),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/** Lanes of a board, ordered by a fractional key. */
export const lanes = tasksSchema
  .table(
    'lanes',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      deskId: uuid('desk_id').notNull(),
      name: text('name').notNull(),
      position: orderKey('position').notNull(),
    },
    (t) => [
      foreignKey({ columns: [t.deskId], foreignColumns: [desks.id] }).onDelete('cascade'),
      index('lanes_desk_position_idx').on(t.deskId, t.position),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/** §3 Task: one lane of one board, ordered in the lane by a fractional key unique per lane (no duplicate place). */
export const tasks = tasksSchema
  .table(
    'tasks',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      deskId: uuid('desk_id').notNull(),
      laneId: uuid('lane_id').notNull(),
      position: orderKey('position').notNull(),
      name: text('name').notNull(),
      description: text('description').notNull().default(''),
      color: text('color'),
      border: text('border'),
      priority: text('priority', { enum: ['low', 'normal', 'high', 'critical'] })
        .notNull()
        .default('normal'),
      tags: text('tags')
        .array()
        .notNull()
        .default(sql`'{}'::text[]`),
      checklist: jsonb('checklist').$type<CheckItem[]>().notNull().default([]),
      attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
      planHours: doublePrecision('plan_hours'),
      actualHours: doublePrecision('actual_hours'),
      ownerId: uuid('owner_id').notNull(),
      performerId: uuid('performer_id'),
      coPerformers: uuid('co_performers')
        .array()
        .notNull()
        .default(sql`'{}'::uuid[]`),
      observers: uuid('observers')
        .array()
        .notNull()
        .default(sql`'{}'::uuid[]`),
      deadline: timestamp('deadline', { withTimezone: true }),
      type: text('type', { enum: ['open', 'active', 'closed', 'hidden'] })
        .notNull()
        .default('open'),
      /** The type before the board was finished (restoring brings it back); null while the board is active. */
      typeBeforeFinish: text('type_before_finish', { enum: ['open', 'active', 'closed', 'hidden'] }),
      /** Deadline notices already sent for the current deadline (reset when it changes). */
      dueSoonSent: boolean('due_soon_sent').notNull().default(false),
      overdueSent: boolean('overdue_sent').notNull().default(false),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      foreignKey({ columns: [t.deskId], foreignColumns: [desks.id] }).onDelete('cascade'),
      foreignKey({ columns: [t.laneId], foreignColumns: [lanes.id] }),
      uniqueIndex('tasks_lane_position_idx').on(t.laneId, t.position),
      index('tasks_desk_idx').on(t.deskId),
      index('tasks_client_performer_idx').on(t.clientId, t.performerId),
      index('tasks_co_performers_idx').using('gin', t.coPerformers),
      index('tasks_observers_idx').using('gin', t.observers),
      index('tasks_deadline_idx')
        .on(t.deadline)
        .where(sql`deadline IS NOT NULL AND type <> 'closed'`),
      tenantPolicy(),
    ],
  )
  .enableRLS();
