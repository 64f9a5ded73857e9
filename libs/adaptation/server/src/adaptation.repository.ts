import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@intranet/platform-db';
import {
  adaptations,
  progress,
  refs,
  settings,
  stages,
  steps,
  tracks,
  type AdaptationRow,
  type ProgressRow,
  type SettingsRow,
  type StageRow,
  type StepRow,
  type TrackRow,
} from './schema.ts';

/** The kinds of other domains' objects a step points to. */
export type RefKind = 'poll' | 'article' | 'course';

/** A track row with its counts (the list). */
export interface TrackCounts {
  stages: number;
  steps: number;
  members: number;
  running: number;
  problems: number;
}

/** An adaptation row with its track's name and its done/total steps. */
export type AdaptationWithCounts = AdaptationRow & { trackName: string; done: number; total: number };

/** Default settings of a client that has saved none. */
export const DEFAULT_SETTINGS = { timeZone: 'UTC', openHour: 9, probationDays: 90 } as const;

const withCounts = sql`(SELECT count(*) FROM adaptation.progress p WHERE p.adaptation_id = a.id AND p.status = 'done')::int AS done,
  (SELECT count(*) FROM adaptation.progress p WHERE p.adaptation_id = a.id)::int AS total, t.name AS track_name`;

interface RawAdaptation {
  id: string;
  client_id: string;
  track_id: string;
  user_id: string;
  mentor_id: string;
  hr_id: string | null;
  chief_id: string | null;
  start_date: string;
  state: string;
  finished_at: string | Date | null;
  passed_at: string | Date | null;
  created_by: string | null;
  created_at: string | Date;
  track_name: string;
  done: number;
  total: number;
}

const asDate = (v: string | Date | null) => (v == null ? null : v instanceof Date ? v : new Date(v));
const day = (v: string | Date) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

function fromRaw(r: RawAdaptation): AdaptationWithCounts {
  return {
    id: r.id,
    clientId: r.client_id,
    trackId: r.track_id,
    userId: r.user_id,
    mentorId: r.mentor_id,
    hrId: r.hr_id,
    chiefId: r.chief_id,
    startDate: day(r.start_date),
    state: r.state,
    finishedAt: asDate(r.finished_at),
    passedAt: asDate(r.passed_at),
    createdBy: r.created_by,
    createdAt: asDate(r.created_at)!,
    trackName: r.track_name,
    done: Number(r.done),
    total: Number(r.total),
  };
}

/**
 * All the SQL of the adaptation domain (Drizzle). Every call runs inside the tenant transaction the service opened
 * (`db.inTenant`): row-level security keeps it to one client.
 */
@Injectable()
export class AdaptationRepository {
  /** The client's settings, or the defaults. */
  async settings(tx: Tx): Promise<Pick<SettingsRow, 'timeZone' | 'openHour' | 'probationDays'>> {
    const [row] = await tx.select().from(settings);
    return row ?? { ...DEFAULT_SETTINGS };
  }

  /** Saves the client's settings (insert or update). */
  async settingsSave(tx: Tx, row: typeof settings.$inferInsert): Promise<SettingsRow> {
    const { clientId: _c, id: _i, ...patch } = row;
    const [saved] = await tx.insert(settings).values(row).onConflictDoUpdate({ target: settings.clientId, set: patch }).returning();
    return saved!;
  }

  /** A page of tracks, newest first, with their counts. */
  async trackPage(tx: Tx, q: { search?: string; active?: boolean; offset: number; limit: number }) {
    const where = sql`WHERE true ${q.search ? sql`AND t.name ILIKE ${'%' + q.search.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}` : sql``} ${
      q.active === undefined ? sql`` : sql`AND t.active = ${q.active}`
    }`;
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`SELECT t.id FROM adaptation.tracks t ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
    );
    const [{ n }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM adaptation.tracks t ${where}`);
    const ids = rows.map((r) => r.id);
    const list = ids.length ? await tx.select().from(tracks).where(inArray(tracks.id, ids)) : [];
    const byId = new Map(list.map((t) => [t.id, t]));
    return { rows: ids.map((id) => byId.get(id)!), total: Number(n) };
  }

  /** Counts of tracks (stages, steps, adaptations, unfinished ones, steps with a problem), keyed by track id. */
  async trackCounts(tx: Tx, ids: string[]): Promise<Map<string, TrackCounts>> {
    const out = new Map<string, TrackCounts>(ids.map((id) => [id, { stages: 0, steps: 0, members: 0, running: 0, problems: 0 }]));
    if (!ids.length) return out;
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const rows = await queryRows<{ id: string } & TrackCounts>(
      tx,
      sql`SELECT t.id,
        (SELECT count(*) FROM adaptation.stages s WHERE s.track_id = t.id)::int AS stages,
        (SELECT count(*) FROM adaptation.steps s WHERE s.track_id = t.id)::int AS steps,
        (SELECT count(*) FROM adaptation.steps s WHERE s.track_id = t.id AND s.problem IS NOT NULL)::int AS problems,
        (SELECT count(*) FROM adaptation.adaptations a WHERE a.track_id = t.id)::int AS members,
        (SELECT count(*) FROM adaptation.adaptations a WHERE a.track_id = t.id AND a.state = 'active')::int AS running
        FROM adaptation.tracks t WHERE t.id IN (${list})`,
    );
    for (const r of rows) out.set(r.id, { stages: r.stages, steps: r.steps, members: r.members, running: r.running, problems: r.problems });
    return out;
  }

  /** The track, or undefined (another client's is invisible). `lock`: FOR UPDATE (serialises its changes). */
  async trackFind(tx: Tx, id: string, lock = false): Promise<TrackRow | undefined> {
    const q = tx.select().from(tracks).where(eq(tracks.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  async trackInsert(tx: Tx, row: typeof tracks.$inferInsert): Promise<TrackRow> {
    const [saved] = await tx.insert(tracks).values(row).returning();
    return saved!;
  }

  async trackUpdate(tx: Tx, id: string, patch: Partial<typeof tracks.$inferInsert>): Promise<void> {
    // An empty change (a body naming no field) changes nothing: drizzle refuses an UPDATE without values.
    if (!Object.values(patch).some((v) => v !== undefined)) return;
    await tx.update(tracks).set(patch).where(eq(tracks.id, id));
  }

  /** Deletes a track with its stages, steps and (finished) adaptations. */
  async trackDelete(tx: Tx, id: string): Promise<void> {
    await tx.delete(adaptations).where(eq(adaptations.trackId, id));
    await tx.delete(tracks).where(eq(tracks.id, id));
  }

  async stages(tx: Tx, trackId: string): Promise<StageRow[]> {
    return tx.select().from(stages).where(eq(stages.trackId, trackId)).orderBy(asc(stages.ord), asc(stages.id));
  }

  async stageInsert(tx: Tx, row: typeof stages.$inferInsert): Promise<void> {
    await tx.insert(stages).values(row);
  }

  async stageRename(tx: Tx, id: string, name: string): Promise<void> {
    await tx.update(stages).set({ name }).where(eq(stages.id, id));
  }

  /** Numbers the track's stages 0.. in the order given (the caller checked they are all of them). */
  async stagesOrder(tx: Tx, trackId: string, ids: string[]): Promise<void> {
    for (const [i, id] of ids.entries())
      await tx
        .update(stages)
        .set({ ord: i })
        .where(and(eq(stages.id, id), eq(stages.trackId, trackId)));
  }

  async stageDelete(tx: Tx, id: string): Promise<void> {
    await tx.delete(stages).where(eq(stages.id, id));
  }

  async steps(tx: Tx, trackId: string): Promise<StepRow[]> {
    return tx.select().from(steps).where(eq(steps.trackId, trackId)).orderBy(asc(steps.ord), asc(steps.id));
  }

  async stepInsert(tx: Tx, row: typeof steps.$inferInsert): Promise<void> {
    await tx.insert(steps).values(row);
  }

  async stepUpdate(tx: Tx, id: string, patch: Partial<typeof steps.$inferInsert>): Promise<void> {
    await tx.update(steps).set(patch).where(eq(steps.id, id));
  }

  async stepDelete(tx: Tx, ids: string[]): Promise<void> {
    if (ids.length) await tx.delete(steps).where(inArray(steps.id, ids));
  }

  /** Whether one of these steps is in progress: open (not done) in an unfinished adaptation. */
  async inProgress(tx: Tx, stepIds: string[]): Promise<boolean> {
    if (!stepIds.length) return false;
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM adaptation.progress p JOIN adaptation.adaptations a ON a.id = p.adaptation_id
        WHERE a.state = 'active' AND p.status = 'open' AND p.step_id IN (${sql.join(
          stepIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
    );
    return Number(row?.n ?? 0) > 0;
  }

  /** The steps pointing to `ref` (a poll, article or course of the client). */
  async stepsByRef(tx: Tx, kind: 'poll' | 'article' | 'course', refId: string): Promise<StepRow[]> {
    const col = kind === 'poll' ? steps.pollId : kind === 'article' ? steps.articleId : steps.courseId;
    return tx.select().from(steps).where(eq(col, refId));
  }

  /**
   * Projects one event of a referenced object (RefsProjection): live or deleted as of `version`; an event older than
   * the row's version changes nothing, and a deleted object stays deleted.
   */
  async refProject(tx: Tx, row: { kind: RefKind; id: string; clientId: string; deleted: boolean; version: Date }): Promise<void> {
    await tx
      .insert(refs)
      .values(row)
      .onConflictDoUpdate({
        target: [refs.kind, refs.id],
        set: { deleted: sql`${refs.deleted} OR excluded.deleted`, version: sql`greatest(${refs.version}, excluded.version)` },
        // Another client's id (ids are unique across clients: never expected) is left as it is.
        setWhere: sql`${refs.clientId} = excluded.client_id`,
      });
  }

  /** Of `wanted` (kind and id), those the client has and did not delete, as `kind:id` keys. */
  async refsLive(tx: Tx, wanted: { kind: RefKind; id: string }[]): Promise<Set<string>> {
    if (!wanted.length) return new Set();
    const rows = await tx
      .select({ kind: refs.kind, id: refs.id })
      .from(refs)
      .where(
        and(
          eq(refs.deleted, false),
          inArray(
            refs.id,
            wanted.map((w) => w.id),
          ),
        ),
      );
    return new Set(rows.map((r) => `${r.kind}:${r.id}`));
  }

  /** Marks the steps pointing to `ref` with a problem code (§4 contains errors). Output: their track ids. */
  async markProblem(tx: Tx, kind: RefKind, refId: string, code: string): Promise<string[]> {
    const col = kind === 'poll' ? steps.pollId : kind === 'article' ? steps.articleId : steps.courseId;
    const rows = await tx.update(steps).set({ problem: code }).where(eq(col, refId)).returning({ trackId: steps.trackId });
    return [...new Set(rows.map((r) => r.trackId))];
  }

  async unfinishedCount(tx: Tx, trackId: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM adaptation.adaptations WHERE track_id = ${trackId} AND state = 'active'`,
    );
    return Number(row?.n ?? 0);
  }

  /** The active adaptations of a track. */
  async activeOfTrack(tx: Tx, trackId: string): Promise<AdaptationRow[]> {
    return tx
      .select()
      .from(adaptations)
      .where(and(eq(adaptations.trackId, trackId), eq(adaptations.state, 'active')));
  }

  async adaptationInsert(tx: Tx, row: typeof adaptations.$inferInsert): Promise<boolean> {
    const saved = await tx.insert(adaptations).values(row).onConflictDoNothing().returning({ id: adaptations.id });
    return saved.length > 0;
  }

  /** The adaptation with its track's name and counts, or undefined. `lock`: FOR UPDATE of the adaptation row. */
  async adaptationFind(tx: Tx, id: string, lock = false): Promise<AdaptationWithCounts | undefined> {
    if (lock) await queryRows(tx, sql`SELECT id FROM adaptation.adaptations WHERE id = ${id} FOR UPDATE`);
    const [row] = await queryRows<RawAdaptation>(
      tx,
      sql`SELECT a.*, ${withCounts} FROM adaptation.adaptations a JOIN adaptation.tracks t ON t.id = a.track_id WHERE a.id = ${id}`,
    );
    return row ? fromRaw(row) : undefined;
  }

  async adaptationUpdate(tx: Tx, id: string, patch: Partial<typeof adaptations.$inferInsert>): Promise<void> {
    await tx.update(adaptations).set(patch).where(eq(adaptations.id, id));
  }

  async adaptationDelete(tx: Tx, id: string): Promise<void> {
    await tx.delete(adaptations).where(eq(adaptations.id, id));
  }

  /** A page of a track's adaptations, newest first. */
  async adaptationsOfTrack(tx: Tx, trackId: string, q: { state?: string; offset: number; limit: number }) {
    const where = sql`WHERE a.track_id = ${trackId} ${q.state ? sql`AND a.state = ${q.state}` : sql``}`;
    const rows = await queryRows<RawAdaptation>(
      tx,
      sql`SELECT a.*, ${withCounts} FROM adaptation.adaptations a JOIN adaptation.tracks t ON t.id = a.track_id ${where}
        ORDER BY a.created_at DESC, a.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
    );
    const [{ n }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM adaptation.adaptations a ${where}`);
    return { rows: rows.map(fromRaw), total: Number(n) };
  }

  /** A page of the adaptations a person takes part in (as `role`, or any), newest first. */
  async adaptationsFor(tx: Tx, userId: string, q: { role?: string; offset: number; limit: number }) {
    const cond = {
      newcomer: sql`a.user_id = ${userId}`,
      mentor: sql`a.mentor_id = ${userId}`,
      hr: sql`a.hr_id = ${userId}`,
      chief: sql`a.chief_id = ${userId}`,
    } as Record<string, ReturnType<typeof sql>>;
    const where = q.role
      ? sql`WHERE ${cond[q.role]}`
      : sql`WHERE (a.user_id = ${userId} OR a.mentor_id = ${userId} OR a.hr_id = ${userId} OR a.chief_id = ${userId})`;
    const rows = await queryRows<RawAdaptation>(
      tx,
      sql`SELECT a.*, ${withCounts} FROM adaptation.adaptations a JOIN adaptation.tracks t ON t.id = a.track_id ${where}
        ORDER BY a.created_at DESC, a.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
    );
    const [{ n }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM adaptation.adaptations a ${where}`);
    return { rows: rows.map(fromRaw), total: Number(n) };
  }

  async progressInsert(tx: Tx, rows: (typeof progress.$inferInsert)[]): Promise<void> {
    if (rows.length) await tx.insert(progress).values(rows).onConflictDoNothing();
  }

  async progressOf(tx: Tx, adaptationId: string): Promise<ProgressRow[]> {
    return tx.select().from(progress).where(eq(progress.adaptationId, adaptationId));
  }

  /** Moves the pending progress rows of a step to a new opening day (per adaptation start). */
  async reschedule(tx: Tx, stepId: string, days: number): Promise<void> {
    await queryRows(
      tx,
      sql`UPDATE adaptation.progress p SET opens_on = a.start_date + ${days}::int FROM adaptation.adaptations a
        WHERE p.adaptation_id = a.id AND p.step_id = ${stepId} AND p.status = 'pending'`,
    );
  }

  /**
   * Opens the pending steps of the adaptation due by `dueDay` (exactly once: only a pending row turns open).
   * Output: the step ids opened now.
   */
  async openDue(tx: Tx, adaptationId: string, dueDay: string, at: Date): Promise<string[]> {
    const rows = await queryRows<{ step_id: string }>(
      tx,
      sql`UPDATE adaptation.progress SET status = 'open', opened_at = ${at.toISOString()}::timestamptz
        WHERE adaptation_id = ${adaptationId} AND status = 'pending' AND opens_on <= ${dueDay}::date RETURNING step_id`,
    );
    return rows.map((r) => r.step_id);
  }

  /** The earliest opening day of the adaptation's pending steps, or null. */
  async nextPending(tx: Tx, adaptationId: string): Promise<string | null> {
    const [row] = await queryRows<{ d: string | Date | null }>(
      tx,
      sql`SELECT min(opens_on) AS d FROM adaptation.progress WHERE adaptation_id = ${adaptationId} AND status = 'pending'`,
    );
    return row?.d ? day(row.d) : null;
  }

  /** Open → done (once). Output: whether it changed. */
  async finish(tx: Tx, adaptationId: string, stepId: string, by: string | null, at: Date): Promise<boolean> {
    const rows = await tx
      .update(progress)
      .set({ status: 'done', finishedAt: at, finishedBy: by })
      .where(and(eq(progress.adaptationId, adaptationId), eq(progress.stepId, stepId), eq(progress.status, 'open')))
      .returning({ id: progress.stepId });
    return rows.length > 0;
  }

  /** Done → open for these steps. Output: the steps reopened. */
  async reopen(tx: Tx, adaptationId: string, stepIds: string[]): Promise<string[]> {
    if (!stepIds.length) return [];
    const rows = await tx
      .update(progress)
      .set({ status: 'open', finishedAt: null, finishedBy: null })
      .where(and(eq(progress.adaptationId, adaptationId), inArray(progress.stepId, stepIds), eq(progress.status, 'done')))
      .returning({ id: progress.stepId });
    return rows.map((r) => r.id);
  }

  /** Open steps of unfinished adaptations of the newcomer `userId` pointing to `ref`. */
  async openStepsOf(tx: Tx, userId: string, kind: 'poll' | 'article' | 'course', refId: string): Promise<{ adaptation_id: string; step_id: string }[]> {
    const col = kind === 'poll' ? sql`s.poll_id` : kind === 'article' ? sql`s.article_id` : sql`s.course_id`;
    return queryRows(
      tx,
      sql`SELECT p.adaptation_id, p.step_id FROM adaptation.progress p
        JOIN adaptation.adaptations a ON a.id = p.adaptation_id JOIN adaptation.steps s ON s.id = p.step_id
        WHERE a.user_id = ${userId} AND a.state = 'active' AND p.status = 'open' AND s.scenario = 'newcomer' AND ${col} = ${refId}`,
    );
  }

  /** The adaptations with pending steps due by now in any client (system): id, client and the client's settings. */
  async dueEverywhere(tx: Tx, maxDay: string): Promise<{ id: string; client_id: string }[]> {
    return queryRows(
      tx,
      sql`SELECT DISTINCT a.id, a.client_id FROM adaptation.progress p JOIN adaptation.adaptations a ON a.id = p.adaptation_id
        JOIN adaptation.tracks t ON t.id = a.track_id
        WHERE p.status = 'pending' AND p.opens_on <= ${maxDay}::date AND a.state = 'active' AND t.active`,
    );
  }

  /** Analytics of a track over a period: counts, per-step completion, per day. */
  async analytics(tx: Tx, trackId: string, from: string, to: string) {
    const [c] = await queryRows<{ started: number; active: number; finished: number; passed: number; avg_days: number | null }>(
      tx,
      sql`SELECT count(*)::int AS started,
        count(*) FILTER (WHERE state = 'active')::int AS active,
        count(*) FILTER (WHERE state <> 'active')::int AS finished,
        count(*) FILTER (WHERE state = 'passed')::int AS passed,
        avg(EXTRACT(EPOCH FROM finished_at - start_date::timestamptz) / 86400) FILTER (WHERE finished_at IS NOT NULL) AS avg_days
        FROM adaptation.adaptations WHERE track_id = ${trackId} AND start_date BETWEEN ${from}::date AND ${to}::date`,
    );
    const perStep = await queryRows<{ step_id: string; open: number; done: number }>(
      tx,
      sql`SELECT p.step_id, count(*) FILTER (WHERE p.status = 'open')::int AS open, count(*) FILTER (WHERE p.status = 'done')::int AS done
        FROM adaptation.progress p JOIN adaptation.adaptations a ON a.id = p.adaptation_id
        WHERE a.track_id = ${trackId} AND a.start_date BETWEEN ${from}::date AND ${to}::date GROUP BY p.step_id`,
    );
    const days = await queryRows<{ day: string | Date; started: number; finished: number }>(
      tx,
      sql`SELECT d::date AS day,
        (SELECT count(*) FROM adaptation.adaptations a WHERE a.track_id = ${trackId} AND a.start_date = d::date)::int AS started,
        (SELECT count(*) FROM adaptation.adaptations a WHERE a.track_id = ${trackId} AND a.finished_at::date = d::date)::int AS finished
        FROM generate_series(${from}::date, ${to}::date, interval '1 day') d ORDER BY d`,
    );
    return {
      counts: c!,
      perStep: new Map(perStep.map((r) => [r.step_id, r])),
      days: days.map((d) => ({ day: day(d.day), started: Number(d.started), finished: Number(d.finished) })),
    };
  }
}
