import { index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@intranet/platform-db';

/** PostgreSQL schema owned by the adaptation service (DESIGN §2). */
export const adaptationSchema = pgSchema('adaptation');

/** The sample entity; every tenant table has client_id and the tenant policy (DESIGN §5). */
export const items = adaptationSchema
  .table(
    'items',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      name: text('name').notNull(),
      createdBy: uuid('created_by'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('items_client_created_idx').on(t.clientId, t.createdAt), tenantPolicy()],
  )
  .enableRLS();

export type ItemRow = typeof items.$inferSelect;
