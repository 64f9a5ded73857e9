import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { tasksSubjects } from '@intranet/tasks-contract';
import { ask, systemContext, type Bus, type RequestContext } from '@intranet/platform-bus';
import type { Database, Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { TaskAccess } from './access.ts';
import { GroupsRepository } from './groups.repository.ts';
import { PostsRepository } from './posts.repository.ts';

/** Who hears of a post's events, and the caller's access to the task behind a task's post (§3 parent task). */
@Injectable()
export class TaskAccessService {
  /** `${clientId}:p:${postId}` or `…:c:${commentId}` → the post's parent (a post never changes its parent). */
  private readonly parents = new LRUCache<string, { type: string; id: string | null }>({ max: 100_000 });

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.bus) private readonly bus: Bus,
    private readonly posts: PostsRepository,
    private readonly groups: GroupsRepository,
  ) {}

  /**
   * Access to a task's comments (§6 board rights), asked of the tasks service (tasks.internal.commentAccess) for the
   * caller. Call it outside any transaction (embedded mode has one connection, and tasks reads it too).
   */
  async access(ctx: RequestContext, taskId: string): Promise<TaskAccess> {
    if (!ctx.clientId) return { read: false, comment: false, userIds: [] };
    return ask(this.bus, tasksSubjects.commentAccess, systemContext(ctx.clientId), { task_id: taskId, user_id: ctx.userId });
  }

  /**
   * The task behind a post or comment (by id) with the caller's access to it; undefined when the post is not a
   * task's (or not there: the route then answers as before). Outside any transaction, as `access`.
   */
  async of(ctx: RequestContext, ref: { postId?: string; commentId?: string }): Promise<TaskAccess | undefined> {
    // Cached per client, so a foreign id never reads another client's answer; hot posts open no transaction here.
    const key = `${ctx.clientId}:${ref.commentId ? `c:${ref.commentId}` : `p:${ref.postId}`}`;
    const known = this.parents.get(key);
    const parent = known ?? (await this.db.inTenant(ctx, (tx) => this.posts.parentOf(tx, ref)));
    if (parent && !known) this.parents.set(key, parent);
    if (parent?.type !== 'task' || !parent.id) return undefined;
    return this.access(ctx, parent.id);
  }

  /** 404 for a task's post the caller may not read (`task` undefined: not a task's post). Output: `task`. */
  readable(task: TaskAccess | undefined): TaskAccess | undefined {
    if (task && !task.read) throw Errors.notFound();
    return task;
  }

  /**
   * The realtime audience of a post's event: undefined (every socket of the client) unless the post belongs to a
   * group whose posts are off the wall (closed, private): then the group's readers; or to a task: then `task`'s
   * audience as tasks answered it before the transaction (none when not given).
   */
  async audienceOf(tx: Tx, post: { parent: { type: string; id: string | null } }, task?: TaskAccess): Promise<string[] | undefined> {
    if (post.parent.type === 'task') return task?.userIds ?? [];
    if (post.parent.type !== 'group' || !post.parent.id) return undefined;
    if ((await this.groups.typeOf(tx, post.parent.id)) === 'public') return undefined;
    return this.groups.readers(tx, post.parent.id);
  }
}
