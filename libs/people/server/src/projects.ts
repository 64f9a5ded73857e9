import { PROJECT_TEXT, projectEvents, STRUCTURE_TEXT, type Project, type projectRoutes } from '@intranet/people-contract/structure';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { isAdmin } from './mapping.ts';
import { structureClient } from './structure.ts';
import { departments, projectParticipants, projects, users, type ProjectRow } from './schema.ts';

/** Participants of these projects, by project (one query). */
async function participantsOf(tx: Tx, ids: string[]): Promise<Map<string, string[]>> {
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

const toProject = (r: ProjectRow, participants: string[]): Project => ({
  _id: r.id,
  client_id: r.clientId,
  name: r.name,
  description: r.description,
  creatorId: r.creatorId,
  participants,
  dept_id: r.deptId,
  created: r.createdAt.toISOString(),
});

/** Every id names a non-deleted employee of the transaction's client. Errors: field `field` 400. */
async function checkUsers(tx: Tx, ids: string[], field: string): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.deletionMark, false)));
  if (found.length !== unique.length) throw Errors.field(field, STRUCTURE_TEXT.userNotInClient);
  return unique;
}

/** A project's department must be one of the project structure. Errors: field `dept_id`. */
async function checkDept(tx: Tx, id: string | null | undefined): Promise<void> {
  if (!id) return;
  const [d] = await tx.select({ kind: departments.kind }).from(departments).where(eq(departments.id, id)).limit(1);
  if (!d || d.kind !== 'project') throw Errors.field('dept_id', PROJECT_TEXT.deptNotProject);
}

/**
 * Projects (§7 Projects, §3 project: creatorId, participants), backing the structure's "project" kind. Anyone with
 * `structures` reads and creates; a project's creator or an administrator changes, deletes and adds participants.
 * Every write adds evt.people.project.created|updated|deleted (projectEvents) to its own transaction (outbox).
 */
export function projectHandlers({ db, outbox }: DomainDeps): RouteHandlers<typeof projectRoutes> {
  const tenant = (ctx: RequestContext) => ({ clientId: structureClient(ctx), userId: ctx.userId });
  /** Adds the project event to the change's transaction (DESIGN §6 outbox); returns the project. */
  const publish = async (tx: Tx, ctx: RequestContext, def: (typeof projectEvents)[keyof typeof projectEvents], p: Project) => {
    await outbox.add(tx, def, p.client_id, { ...p, by: ctx.userId ?? null });
    return p;
  };

  /** The project, for a change: 404 if missing, 403 'No access' unless the caller created it or is an administrator. */
  const owned = async (tx: Tx, ctx: RequestContext, id: string) => {
    const [p] = await tx.select().from(projects).where(eq(projects.id, id)).limit(1).for('update');
    if (!p) throw Errors.notFound();
    if (p.creatorId !== ctx.userId && !isAdmin(ctx)) throw Errors.noAccess();
    return p;
  };
  const read = async (tx: Tx, p: ProjectRow) => toProject(p, (await participantsOf(tx, [p.id])).get(p.id)!);
  const addParticipants = async (tx: Tx, p: ProjectRow, ids: string[]) => {
    if (ids.length)
      await tx
        .insert(projectParticipants)
        .values(ids.map((userId) => ({ projectId: p.id, userId, clientId: p.clientId })))
        .onConflictDoNothing();
  };

  return {
    /** §7 POST api/project/ {name, description?, participants?, dept_id?}: the caller is the creator; evt.people.project.created. Errors: §5 fields. */
    projectCreate: async ({ body }, ctx) => {
      const t = tenant(ctx);
      return db.inTenant(t, async (tx) => {
        const participants = await checkUsers(tx, body.participants ?? [], 'participants');
        await checkDept(tx, body.dept_id);
        const [p] = await tx
          .insert(projects)
          .values({
            id: uuidv7(),
            clientId: t.clientId,
            name: body.name,
            description: body.description ?? null,
            creatorId: ctx.userId,
            deptId: body.dept_id ?? null,
          })
          .returning();
        await addParticipants(tx, p, participants);
        return publish(tx, ctx, projectEvents.projectCreated, await read(tx, p));
      });
    },

    /** §7 GET api/project/ → the client's projects by name, each with its participants. */
    projectList: async (_input, ctx) =>
      db.inTenant(tenant(ctx), async (tx) => {
        const rows = await tx.select().from(projects).orderBy(asc(projects.name), asc(projects.id));
        const parts = await participantsOf(
          tx,
          rows.map((r) => r.id),
        );
        return rows.map((r) => toProject(r, parts.get(r.id)!));
      }),

    /** §7 GET api/project/{id}. Errors: 404. */
    projectGet: async ({ params }, ctx) =>
      db.inTenant(tenant(ctx), async (tx) => {
        const [p] = await tx.select().from(projects).where(eq(projects.id, params.id)).limit(1);
        if (!p) throw Errors.notFound();
        return read(tx, p);
      }),

    /** §7 PUT api/project/{id}: `participants` replaces the list; evt.people.project.updated. Errors: 404, 403, §5 fields. */
    projectUpdate: async ({ params, body }, ctx) =>
      db.inTenant(tenant(ctx), async (tx) => {
        let p = await owned(tx, ctx, params.id);
        if (body.dept_id !== undefined) await checkDept(tx, body.dept_id);
        if (body.participants) {
          const keep = await checkUsers(tx, body.participants, 'participants');
          await tx.delete(projectParticipants).where(eq(projectParticipants.projectId, p.id));
          await addParticipants(tx, p, keep);
        }
        const patch = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.dept_id !== undefined ? { deptId: body.dept_id } : {}),
        };
        if (Object.keys(patch).length)
          [p] = await tx
            .update(projects)
            .set({ ...patch, updatedAt: new Date() })
            .where(eq(projects.id, p.id))
            .returning();
        return publish(tx, ctx, projectEvents.projectUpdated, await read(tx, p));
      }),

    /** §7 DELETE api/project/{id} (participants go with it); evt.people.project.deleted with its last state. Errors: 404, 403. */
    projectDelete: async ({ params }, ctx) =>
      db.inTenant(tenant(ctx), async (tx) => {
        const p = await owned(tx, ctx, params.id);
        const last = await read(tx, p);
        await tx.delete(projects).where(eq(projects.id, p.id));
        await publish(tx, ctx, projectEvents.projectDeleted, last);
        return { _id: p.id };
      }),

    /** §7 POST api/projectParticipant/ {project_id, users}: adds participants (present ones kept); evt.people.project.updated. Errors: 404, 403, field `users`. */
    projectParticipantAdd: async ({ body }, ctx) =>
      db.inTenant(tenant(ctx), async (tx) => {
        const p = await owned(tx, ctx, body.project_id);
        await addParticipants(tx, p, await checkUsers(tx, body.users, 'users'));
        return publish(tx, ctx, projectEvents.projectUpdated, await read(tx, p));
      }),
  };
}
