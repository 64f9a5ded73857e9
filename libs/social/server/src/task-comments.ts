import { socialEvents } from '@intranet/social-contract';
import { tasksEvents } from '@intranet/tasks-contract';
import { systemContext, type BusEvent } from '@intranet/platform-bus';
import { and, eq } from 'drizzle-orm';
import { filesRepository, postsRepository, type FileRow } from './repository.ts';
import { posts } from './schema.ts';
import type { Kit } from './support.ts';

/** Durable consumer name of the task-deletion cleanup. */
export const TASK_COMMENTS_CONSUMER = 'social-task-comments';

/**
 * A deleted task takes its comments with it (§3 Post/Comment parent task): on evt.tasks.task.changed with action
 * `deleted`, every post of that task is deleted in its client with its comments, likes and views, its files are
 * released, and evt.social.post.deleted goes to the task's audience (the event's `userIds`). Idempotent: a repeat
 * finds nothing to delete.
 */
export function taskCommentsCleanup(kit: Pick<Kit, 'db' | 'outbox' | 'dropFiles'>) {
  return async (evt: BusEvent<unknown>): Promise<void> => {
    const parsed = tasksEvents.taskChanged.payload.safeParse(evt.data);
    if (!parsed.success || parsed.data.action !== 'deleted' || !evt.clientId) return;
    const clientId = evt.clientId;
    const { task_id, userIds } = parsed.data;
    const files: FileRow[] = await kit.db.inTenant(systemContext(clientId), async (tx) => {
      const rows = await tx
        .select({ id: posts.id, type: posts.type })
        .from(posts)
        .where(and(eq(posts.parentType, 'task'), eq(posts.parentId, task_id)));
      const out: FileRow[] = [];
      for (const p of rows) {
        out.push(...(await filesRepository.ofPost(tx, p.id)));
        await postsRepository.delete(tx, p.id);
        await kit.outbox.add(tx, socialEvents.postDeleted, clientId, { _id: p.id, type: p.type, parent: { type: 'task', id: task_id }, userIds });
      }
      return out;
    });
    await kit.dropFiles(clientId, files);
  };
}
