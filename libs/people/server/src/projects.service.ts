import { Inject, Injectable } from '@nestjs/common';
import { PEOPLE_ERRORS } from '@intranet/people-contract';
import { projectEvents, type Project, type projectRoutes } from '@intranet/people-contract/structure';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { canChangeProject, structureClient } from './access.ts';
import { toProject } from './mapping.ts';
import type { ProjectRow } from './schema.ts';
import { ProjectsRepository } from './projects.repository.ts';
import { UsersRepository } from './users.repository.ts';

type In<K extends keyof typeof projectRoutes> = RouteInput<(typeof projectRoutes)[K]>;

/**
 * Projects (§7 Projects, §3 project: creatorId, participants), backing the structure's "project" kind. Anyone with
 * `structures` reads and creates; a project's creator or an administrator changes, deletes and adds participants.
 * Every write adds evt.people.project.created|updated|deleted (projectEvents) to its own transaction (outbox).
 */
@Injectable()
export class ProjectsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly projects: ProjectsRepository,
    private readonly users: UsersRepository,
  ) {}

  /** §7 POST api/project/ {name, description?, participants?, dept_id?}: the caller is the creator; evt.people.project.created. Errors: §5 fields. */
  async projectCreate({ body }: In<'projectCreate'>, ctx: RequestContext): Promise<Project> {
    const t = this.tenant(ctx);
    return this.db.inTenant(t, async (tx) => {
      const participants = await this.checkUsers(tx, body.participants ?? [], 'participants');
      await this.checkDept(tx, body.dept_id);
      const p = await this.projects.insert(tx, {
        id: uuidv7(),
        clientId: t.clientId,
        name: body.name,
        description: body.description ?? null,
        creatorId: ctx.userId,
        deptId: body.dept_id ?? null,
      });
      await this.projects.addParticipants(tx, p, participants);
      return this.publish(tx, ctx, projectEvents.projectCreated, await this.read(tx, p));
    });
  }

  /** §7 GET api/project/ → the client's projects by name, each with its participants. */
  projectList(_input: In<'projectList'>, ctx: RequestContext): Promise<Project[]> {
    return this.db.inTenant(this.tenant(ctx), async (tx) => {
      const rows = await this.projects.list(tx);
      const parts = await this.projects.participantsOf(
        tx,
        rows.map((r) => r.id),
      );
      return rows.map((r) => toProject(r, parts.get(r.id)!));
    });
  }

  /** §7 GET api/project/{id}. Errors: 404. */
  projectGet({ params }: In<'projectGet'>, ctx: RequestContext): Promise<Project> {
    return this.db.inTenant(this.tenant(ctx), async (tx) => {
      const p = await this.projects.byId(tx, params.id);
      if (!p) throw Errors.notFound();
      return this.read(tx, p);
    });
  }

  /** §7 PUT api/project/{id}: `participants` replaces the list; evt.people.project.updated. Errors: 404, 403, §5 fields. */
  projectUpdate({ params, body }: In<'projectUpdate'>, ctx: RequestContext): Promise<Project> {
    return this.db.inTenant(this.tenant(ctx), async (tx) => {
      let p = await this.owned(tx, ctx, params.id);
      if (body.dept_id !== undefined) await this.checkDept(tx, body.dept_id);
      if (body.participants) {
        const keep = await this.checkUsers(tx, body.participants, 'participants');
        await this.projects.clearParticipants(tx, p.id);
        await this.projects.addParticipants(tx, p, keep);
      }
      const patch = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.dept_id !== undefined ? { deptId: body.dept_id } : {}),
      };
      if (Object.keys(patch).length) p = await this.projects.update(tx, p.id, patch);
      return this.publish(tx, ctx, projectEvents.projectUpdated, await this.read(tx, p));
    });
  }

  /** §7 DELETE api/project/{id} (participants go with it); evt.people.project.deleted with its last state. Errors: 404, 403. */
  projectDelete({ params }: In<'projectDelete'>, ctx: RequestContext): Promise<{ _id: string }> {
    return this.db.inTenant(this.tenant(ctx), async (tx) => {
      const p = await this.owned(tx, ctx, params.id);
      const last = await this.read(tx, p);
      await this.projects.delete(tx, p.id);
      await this.publish(tx, ctx, projectEvents.projectDeleted, last);
      return { _id: p.id };
    });
  }

  /** §7 POST api/projectParticipant/ {project_id, users}: adds participants (present ones kept); evt.people.project.updated. Errors: 404, 403, field `users`. */
  projectParticipantAdd({ body }: In<'projectParticipantAdd'>, ctx: RequestContext): Promise<Project> {
    return this.db.inTenant(this.tenant(ctx), async (tx) => {
      const p = await this.owned(tx, ctx, body.project_id);
      await this.projects.addParticipants(tx, p, await this.checkUsers(tx, body.users, 'users'));
      return this.publish(tx, ctx, projectEvents.projectUpdated, await this.read(tx, p));
    });
  }

  private tenant(ctx: RequestContext) {
    return { clientId: structureClient(ctx), userId: ctx.userId };
  }

  /** Adds the project event to the change's transaction (DESIGN §6 outbox); returns the project. */
  private async publish(tx: Tx, ctx: RequestContext, def: (typeof projectEvents)[keyof typeof projectEvents], p: Project): Promise<Project> {
    await this.outbox.add(tx, def, p.client_id, { ...p, by: ctx.userId ?? null });
    return p;
  }

  /** The project, locked for a change. Errors: 404 if missing, 403 'No access' unless the caller created it or is an administrator. */
  private async owned(tx: Tx, ctx: RequestContext, id: string): Promise<ProjectRow> {
    const p = await this.projects.byId(tx, id, true);
    if (!p) throw Errors.notFound();
    if (!canChangeProject(ctx, p.creatorId)) throw Errors.noAccess();
    return p;
  }

  private async read(tx: Tx, p: ProjectRow): Promise<Project> {
    return toProject(p, (await this.projects.participantsOf(tx, [p.id])).get(p.id)!);
  }

  /** Every id names a non-deleted employee of the transaction's client; output: the ids without repeats. Errors: field `field` 400. */
  private async checkUsers(tx: Tx, ids: string[], field: string): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length && (await this.users.activeIds(tx, unique)).length !== unique.length) throw Errors.fieldCoded(field, PEOPLE_ERRORS.deptUserNotFound);
    return unique;
  }

  /** A project's department must be one of the project structure. Errors: field `dept_id`. */
  private async checkDept(tx: Tx, id: string | null | undefined): Promise<void> {
    if (!id) return;
    if ((await this.projects.departmentKind(tx, id)) !== 'project') throw Errors.fieldCoded('dept_id', PEOPLE_ERRORS.projectDeptKind);
  }
}
