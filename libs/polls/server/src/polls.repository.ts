import { Injectable } from '@nestjs/common';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '@intranet/platform-db';
import type { PollWithMe } from './access.ts';
import type { Recipient } from './recipients.service.ts';
import { answers, passed, polls, recipients, type AnswerRowDb, type PollRow } from './schema.ts';

// Column names written out in full: drizzle leaves them unqualified inside a subquery.
const answersCount = sql<number>`(SELECT count(*)::int FROM polls.passed pa WHERE pa.poll_id = "polls"."polls"."id")`;
const mine = (userId: string, table: typeof passed | typeof recipients) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${sql.raw(table === passed ? 'polls.passed' : 'polls.recipients')} m WHERE m.poll_id = "polls"."polls"."id" AND m.user_id = ${userId})`;

/** Whether a poll takes no more answers: finished, or its end date (inclusive, UTC) has passed (access.ts `isClosed`). */
const isClosedSql = sql`(${polls.status} = 'finished' OR (${polls.endDate} IS NOT NULL AND ${polls.endDate} < (now() AT TIME ZONE 'UTC')::date))`;

/**
 * All the SQL of the polls domain (Drizzle): polls, their recipients, who has passed, the answer sheets. Every call
 * runs inside the caller's tenant transaction (`db.inTenant`), which the services open and pass as `tx`.
 */
@Injectable()
export class PollsRepository {
  /** One poll with the user's relation to it, optionally locked (`share`: answers; `update`: edits). */
  async find(tx: Tx, id: string, userId: string | null, lock?: 'share' | 'update'): Promise<PollWithMe | undefined> {
    const q = tx
      .select({
        poll: polls,
        answersCount,
        passedByMe: userId ? mine(userId, passed) : sql<boolean>`false`,
        recipient: userId ? mine(userId, recipients) : sql<boolean>`false`,
      })
      .from(polls)
      .where(eq(polls.id, id));
    if (lock) await tx.execute(sql`SELECT 1 FROM polls.polls WHERE id = ${id} ${sql.raw(lock === 'share' ? 'FOR SHARE' : 'FOR UPDATE')}`);
    const [r] = await q;
    return r ? { ...r.poll, answersCount: Number(r.answersCount), passedByMe: !!r.passedByMe, recipient: !!r.recipient } : undefined;
  }

  async insert(tx: Tx, row: typeof polls.$inferInsert): Promise<PollRow> {
    const [saved] = await tx.insert(polls).values(row).returning();
    return saved!;
  }

  async update(tx: Tx, id: string, set: Partial<typeof polls.$inferInsert>): Promise<PollRow> {
    const [saved] = await tx
      .update(polls)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(polls.id, id))
      .returning();
    return saved!;
  }

  async delete(tx: Tx, id: string): Promise<void> {
    await tx.delete(polls).where(eq(polls.id, id));
  }

  /** Replaces the poll's recipients (inserted in chunks). */
  async setRecipients(tx: Tx, clientId: string, pollId: string, list: Recipient[]): Promise<void> {
    await tx.delete(recipients).where(eq(recipients.pollId, pollId));
    for (let i = 0; i < list.length; i += 1000) {
      await tx.insert(recipients).values(list.slice(i, i + 1000).map((r) => ({ clientId, pollId, userId: r.userId, name: r.name, department: r.department })));
    }
  }

  /**
   * A page of the /polls tabs for `userId`: active (a recipient, open, not answered), passed (a recipient, answered
   * or closed), mine (authored; every poll for an admin). Newest first; `search` matches the name.
   */
  async list(
    tx: Tx,
    o: { userId: string; admin: boolean; tab: 'active' | 'passed' | 'mine'; search?: string; offset: number; limit: number },
  ): Promise<{ rows: (PollWithMe & { questionsCount: number })[]; total: number }> {
    const conds: SQL[] = [];
    if (o.tab === 'active') conds.push(sql`${mine(o.userId, recipients)} AND NOT ${mine(o.userId, passed)} AND NOT ${isClosedSql}`);
    if (o.tab === 'passed') conds.push(sql`${mine(o.userId, recipients)} AND (${mine(o.userId, passed)} OR ${isClosedSql})`);
    if (o.tab === 'mine' && !o.admin) conds.push(eq(polls.authorId, o.userId));
    if (o.search) conds.push(sql`${polls.name} ILIKE ${`%${o.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    const where = conds.length ? and(...conds) : undefined;
    const rows = await tx
      .select({
        poll: polls,
        answersCount,
        passedByMe: mine(o.userId, passed),
        recipient: mine(o.userId, recipients),
        questionsCount: sql<number>`jsonb_array_length(${polls.questions})`,
      })
      .from(polls)
      .where(where)
      .orderBy(sql`${polls.createdAt} DESC, ${polls.id} DESC`)
      .limit(o.limit)
      .offset(o.offset);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(polls)
      .where(where);
    return {
      rows: rows.map((r) => ({
        ...r.poll,
        answersCount: Number(r.answersCount),
        passedByMe: !!r.passedByMe,
        recipient: !!r.recipient,
        questionsCount: Number(r.questionsCount),
      })),
      total: Number(n),
    };
  }

  /** Marks `userId` as having passed; false when they already had (the primary key refuses a second answer). */
  async markPassed(tx: Tx, clientId: string, pollId: string, userId: string): Promise<boolean> {
    const r = await tx.insert(passed).values({ clientId, pollId, userId }).onConflictDoNothing().returning({ u: passed.userId });
    return r.length > 0;
  }

  async countPassed(tx: Tx, pollId: string): Promise<number> {
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(passed)
      .where(eq(passed.pollId, pollId));
    return Number(n);
  }

  async insertAnswer(tx: Tx, row: typeof answers.$inferInsert): Promise<void> {
    await tx.insert(answers).values(row);
  }

  /** The user's own answer row (personal polls only: anonymous rows carry no user). */
  async answerOf(tx: Tx, pollId: string, userId: string): Promise<AnswerRowDb | undefined> {
    const [r] = await tx
      .select()
      .from(answers)
      .where(and(eq(answers.pollId, pollId), eq(answers.userId, userId)))
      .limit(1);
    return r;
  }

  /**
   * Results material of a poll: counts per value of the choice and range questions (option ids of multiple answers
   * unnested), how many answered each question, and the first TEXTS_LIMIT texts of each short/long question (in key
   * order: random); `userId` narrows to one person's answers. Texts are never grouped: long answers are costly to sort.
   */
  async aggregate(
    tx: Tx,
    pollId: string,
    questions: { _id: string; kind: string }[],
    userId?: string,
    textsLimit = 200,
  ): Promise<{ values: { q: string; v: string | null; n: number }[]; answered: Map<string, number> }> {
    const who = userId ? sql`AND a.user_id = ${userId}` : sql``;
    const choice = questions.filter((q) => q.kind !== 'short' && q.kind !== 'long').map((q) => q._id);
    const texts = questions.filter((q) => q.kind === 'short' || q.kind === 'long').map((q) => q._id);
    const values = choice.length
      ? await queryRows<{ q: string; v: string | null; n: number }>(
          tx,
          sql`
      SELECT e.key AS q,
             CASE jsonb_typeof(e.value) WHEN 'array' THEN x.v ELSE e.value #>> '{}' END AS v,
             count(*)::int AS n
      FROM polls.answers a
      CROSS JOIN LATERAL jsonb_each(a.values) e
      LEFT JOIN LATERAL jsonb_array_elements_text(CASE jsonb_typeof(e.value) WHEN 'array' THEN e.value ELSE '[]'::jsonb END) x(v) ON true
      WHERE a.poll_id = ${pollId} ${who} AND e.key = ANY(${`{${choice.map((c) => `"${c}"`).join(',')}}`}::text[])
      GROUP BY 1, 2`,
        )
      : [];
    for (const k of texts) {
      const rows = await queryRows<{ v: string }>(
        tx,
        sql`SELECT a.values->>${k} AS v FROM polls.answers a
          WHERE a.poll_id = ${pollId} ${who} AND a.values->>${k} IS NOT NULL ORDER BY a.id LIMIT ${textsLimit}`,
      );
      for (const r of rows) values.push({ q: k, v: r.v, n: 1 });
    }
    const answered = await queryRows<{ q: string; n: number }>(
      tx,
      sql`
      SELECT k AS q, count(*)::int AS n
      FROM polls.answers a CROSS JOIN LATERAL jsonb_object_keys(a.values) k
      WHERE a.poll_id = ${pollId} ${who}
      GROUP BY 1`,
    );
    return { values: values.map((r) => ({ ...r, n: Number(r.n) })), answered: new Map(answered.map((r) => [r.q, Number(r.n)])) };
  }

  /** A page of answer rows in key order (random keys: the order says nothing of who answered when). */
  async answerPage(tx: Tx, pollId: string, o: { userId?: string; offset: number; limit: number }): Promise<{ rows: AnswerRowDb[]; total: number }> {
    const where = o.userId ? and(eq(answers.pollId, pollId), eq(answers.userId, o.userId)) : eq(answers.pollId, pollId);
    const rows = await tx.select().from(answers).where(where).orderBy(answers.id).limit(o.limit).offset(o.offset);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(answers)
      .where(where);
    return { rows, total: Number(n) };
  }

  /** Answer rows after `afterId` in key order (keyset paging for the Excel export). */
  async answersAfter(tx: Tx, pollId: string, afterId: string | null, limit: number): Promise<AnswerRowDb[]> {
    const where = afterId ? and(eq(answers.pollId, pollId), sql`${answers.id} > ${afterId}`) : eq(answers.pollId, pollId);
    return tx.select().from(answers).where(where).orderBy(answers.id).limit(limit);
  }

  /** Names of users among the poll's recipients (the answers table of personal polls). */
  async recipientNames(tx: Tx, pollId: string, userIds: string[]): Promise<Map<string, string>> {
    if (!userIds.length) return new Map();
    const rows = await tx
      .select({ id: recipients.userId, name: recipients.name })
      .from(recipients)
      .where(and(eq(recipients.pollId, pollId), sql`${recipients.userId} = ANY(${`{${userIds.join(',')}}`}::uuid[])`));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Ids of every recipient who has not answered. */
  async notPassedIds(tx: Tx, pollId: string): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`SELECT r.user_id::text AS id FROM polls.recipients r
        WHERE r.poll_id = ${pollId} AND NOT EXISTS (SELECT 1 FROM polls.passed pa WHERE pa.poll_id = r.poll_id AND pa.user_id = r.user_id)`,
    );
    return rows.map((r) => r.id);
  }

  /** Recipients who have not answered, by name, and their count. */
  async notPassed(tx: Tx, pollId: string, limit: number): Promise<{ rows: { _id: string; name: string; department: string | null }[]; total: number }> {
    const cond = and(
      eq(recipients.pollId, pollId),
      sql`NOT EXISTS (SELECT 1 FROM polls.passed pa WHERE pa.poll_id = "polls"."recipients"."poll_id" AND pa.user_id = "polls"."recipients"."user_id")`,
    );
    const rows = await tx
      .select({ _id: recipients.userId, name: recipients.name, department: recipients.department })
      .from(recipients)
      .where(cond)
      .orderBy(recipients.name)
      .limit(limit);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(recipients)
      .where(cond);
    return { rows, total: Number(n) };
  }
}
