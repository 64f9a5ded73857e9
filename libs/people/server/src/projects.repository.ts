import { Injectable } from '@nestjs/common';
import type { Tx } from '@intranet/platform-db';
import { asc, eq, inArray } from 'drizzle-orm';
import { departments, projectParticipants, projects, type ProjectRow } from './schema.ts';

/** SQL of projects (§3 project) and their participants; every method runs in a Database.inTenant transaction (RLS). */
@Injectable()
export class ProjectsRepository {
  /** Participants of these projects, by project, in the order they joined (one query); every id has an entry. */
  async participantsOf(tx: Tx, ids: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(ids.map((id) => [id, []]));
    if (!ids.length) return out;
    const rows = await tx
      .select({ projectId: projectParticipants.projectId, userId: projectParticipants.userId })
      .from(projectParticipants)
      .where(inArray(projectParticipants.projectId, ids))
      .orderBy(asc(projectParticipants.createdAt), asc(projectParticipants.userId));
    for (const r of rows) out.get(r.projectId)!.push(r.userId);
    return out;
  }

  /** The kind of a department, or undefined for an unknown one. */
  async departmentKind(tx: Tx, id: string): Promise<string | undefined> {
    const [d] = await tx.select({ kind: departments.kind }).from(departments).where(eq(departments.id, id)).limit(1);
    return d?.kind;
  }

  /** One project by id (locked for a change when `lock`), or undefined. */
  async byId(tx: Tx, id: string, lock = false): Promise<ProjectRow | undefined> {
    const q = tx.select().from(projects).where(eq(projects.id, id)).limit(1);
    const [p] = lock ? await q.for('update') : await q;
    return p;
  }

  /** The client's projects by name then id. */
  list(tx: Tx): Promise<ProjectRow[]> {
    return tx.select().from(projects).orderBy(asc(projects.name), asc(projects.id));
  }

  /** Inserts a project; returns its row. */
  async insert(tx: Tx, values: typeof projects.$inferInsert): Promise<ProjectRow> {
    const [p] = await tx.insert(projects).values(values).returning();
    return p;
  }

  /** Applies `patch` (and updatedAt) to a project; returns the new row. */
  async update(tx: Tx, id: string, patch: Partial<typeof projects.$inferInsert>): Promise<ProjectRow> {
    const [p] = await tx
      .update(projects)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(projects.id, id))
      .returning();
    return p;
  }

  /** Deletes a project (its participants go with it). */
  async delete(tx: Tx, id: string): Promise<void> {
    await tx.delete(projects).where(eq(projects.id, id));
  }

  /** Adds participants (present ones kept). */
  async addParticipants(tx: Tx, p: ProjectRow, userIds: string[]): Promise<void> {
    if (userIds.length)
      await tx
        .insert(projectParticipants)
        .values(userIds.map((userId) => ({ projectId: p.id, userId, clientId: p.clientId })))
        .onConflictDoNothing();
  }

  /** Removes every participant of a project. */
  async clearParticipants(tx: Tx, projectId: string): Promise<void> {
    await tx.delete(projectParticipants).where(eq(projectParticipants.projectId, projectId));
  }
}
