import { Inject, Injectable } from '@nestjs/common';
import { socialEvents } from '@intranet/social-contract';
import { tasksEvents } from '@intranet/tasks-contract';
import { systemContext, type BusEvent } from '@intranet/platform-bus';
import type { Database } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { FilesRepository, type FileRow } from './comments.repository.ts';
import { FilesService } from './files.service.ts';
import { PostsRepository } from './posts.repository.ts';
import { SOCIAL_OUTBOX } from './social.tokens.ts';

/** Durable consumer name of the task-deletion cleanup. */
export const TASK_COMMENTS_CONSUMER = 'social-task-comments';

/** A deleted task takes its comments with it (§3 Post/Comment parent task). */
@Injectable()
export class TaskCommentsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(SOCIAL_OUTBOX) private readonly outbox: Outbox,
    private readonly files: FilesService,
    private readonly posts: PostsRepository,
    private readonly fileRows: FilesRepository,
  ) {}

  /**
   * On evt.tasks.task.changed with action `deleted`: every post of that task is deleted in its client with its
   * comments, likes and views, its files are released, and evt.social.post.deleted goes to the task's audience (the
   * event's `userIds`). Idempotent: a repeat finds nothing to delete. Other events are ignored.
   */
  async onTaskChanged(evt: BusEvent<unknown>): Promise<void> {
    const parsed = tasksEvents.taskChanged.payload.safeParse(evt.data);
    if (!parsed.success || parsed.data.action !== 'deleted' || !evt.clientId) return;
    const clientId = evt.clientId;
    const { task_id, userIds } = parsed.data;
    const files: FileRow[] = await this.db.inTenant(systemContext(clientId), async (tx) => {
      const out: FileRow[] = [];
      for (const p of await this.posts.ofTask(tx, task_id)) {
        out.push(...(await this.fileRows.ofPost(tx, p.id)));
        await this.posts.delete(tx, p.id);
        await this.outbox.add(tx, socialEvents.postDeleted, clientId, { _id: p.id, type: p.type, parent: { type: 'task', id: task_id }, userIds });
      }
      return out;
    });
    await this.files.drop(clientId, files);
  }
}
