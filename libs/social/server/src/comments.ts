import { COMMENT_FILE_LIMIT, SOCIAL_TEXT, socialEvents, type socialRoutes } from '@intranet/social-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { uuidv7 } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { isAdmin, toComment } from './mapping.ts';
import { commentsRepository, filesRepository, postsRepository, type FileRow } from './repository.ts';
import type { StoredFile } from './schema.ts';
import type { Kit } from './support.ts';
import { cleanMessage, mentionsIn, plainText } from './text.ts';

type CommentRoutes = Pick<typeof socialRoutes, 'commentCreate' | 'commentUpdate' | 'commentDelete'>;

const canEdit = (ctx: RequestContext, authorId: string) => authorId === ctx.userId || isAdmin(ctx);

function prepare(raw: string) {
  const message = cleanMessage(raw);
  if (!plainText(message)) throw Errors.field('message', SOCIAL_TEXT.required);
  return message;
}

const unique = (ids: string[]) => [...new Set(ids.map((x) => x.toLowerCase()))];

/** Comments and answers (§7 Comments, §3 Comment: parent post or comment). */
export function commentHandlers(kit: Kit): RouteHandlers<CommentRoutes> {
  const { db, outbox, sign } = kit;

  return {
    /**
     * §7 POST api/comment {parent_type, parent_id, message, attachment?, mentions?}: comments a post, or answers a
     * comment (an answer to an answer joins the same thread). Mentions (body ids and the markup's mention spans) are
     * stored and go out with evt.social.comment.created, as a post's do. Errors: 404 for an unknown or foreign
     * parent; 400 on `mentions` for someone not in the client; 'Field is required';
     * file errors as for posts: a comment file is at most 20 MB ('Files above 20 MB cannot be attached', 413), the
     * same cap POST api/upload?kind=comment applies.
     */
    commentCreate: async ({ body }, ctx) => {
      const clientId = kit.clientOf(ctx);
      const userId = kit.userOf(ctx);
      const message = prepare(body.message);
      const mentions = unique([...body.mentions, ...mentionsIn(message)]);
      await kit.ensureAuthors(ctx, [userId], { field: 'author', strict: false });
      // As for posts: every mentioned person must exist in the client (strict), so no foreign id is stored.
      if (mentions.length) await kit.ensureAuthors(ctx, mentions, { field: 'mentions', strict: true });
      // A task's post (§3 Comment parent task): the tasks service says who may read (else 404) and comment (else 403).
      const task = await kit.taskOf(ctx, body.parent_type === 'comment' ? { commentId: body.parent_id } : { postId: body.parent_id });
      if (task && !task.read) throw Errors.notFound();
      if (task && !task.comment) throw Errors.forbidden();
      const [file] = body.attachment ? await kit.checkFiles(clientId, [body.attachment], COMMENT_FILE_LIMIT, 'attachment') : [];
      const out = await db.inTenant(ctx, async (tx) => {
        let postId = body.parent_id;
        let parentCommentId: string | null = null;
        if (body.parent_type === 'comment') {
          const parent = await commentsRepository.byId(tx, body.parent_id);
          if (!parent) throw Errors.notFound();
          postId = parent.postId;
          parentCommentId = parent.parentCommentId ?? parent.id;
        }
        // Locks the post and counts the comment in one statement (the transaction undoes it on any error below).
        const locked = await commentsRepository.bumpPostRow(tx, postId, 1);
        if (!locked) throw Errors.notFound();
        const id = uuidv7();
        const now = new Date();
        await commentsRepository.insert(tx, {
          id,
          clientId,
          postId,
          parentCommentId,
          authorId: userId,
          message,
          mentions,
          attachment: file ?? null,
          createdAt: now,
          updatedAt: now,
        });
        if (file && !(await filesRepository.claim(tx, [{ key: file.key, clientId, postId, commentId: id, thumbKey: file.thumbKey, size: file.size }]))) {
          throw Errors.conflict('attachment', SOCIAL_TEXT.fileInUse);
        }
        const count = locked.commentsCount;
        const comment = toComment((await commentsRepository.item(tx, userId, id))!, sign);
        const userIds = await kit.audienceOf(tx, { parent: { type: locked.parentType, id: locked.parentId } }, task);
        await outbox.add(tx, socialEvents.commentCreated, clientId, {
          comment,
          post_id: postId,
          post_author_id: locked.authorId,
          comments_count: count,
          userIds,
        });
        return comment;
      });
      return out;
    },

    /**
     * §7 PUT api/comment/{id} {message?, attachment?}: the author or an admin edits; a replaced file is deleted.
     * Errors: 404, 403; file errors as for create (20 MB).
     */
    commentUpdate: async ({ params, body }, ctx) => {
      const clientId = kit.clientOf(ctx);
      const cur = await db.inTenant(ctx, (tx) => commentsRepository.byId(tx, params.id));
      if (!cur) throw Errors.notFound();
      const task = await kit.taskOf(ctx, { postId: cur.postId });
      if (task && !task.read) throw Errors.notFound();
      if (!canEdit(ctx, cur.authorId)) throw Errors.forbidden();
      const message = body.message !== undefined ? prepare(body.message) : cur.message;
      const mentions = unique([...(body.mentions ?? (body.message !== undefined ? [] : cur.mentions)), ...mentionsIn(message)]);
      const newMentions = mentions.filter((m) => !cur.mentions.includes(m));
      if (newMentions.length) await kit.ensureAuthors(ctx, newMentions, { field: 'mentions', strict: true });
      let attachment: StoredFile | null = cur.attachment;
      let added: StoredFile | undefined;
      if (body.attachment !== undefined && body.attachment?.key !== cur.attachment?.key) {
        [added] = body.attachment ? await kit.checkFiles(clientId, [body.attachment], COMMENT_FILE_LIMIT, 'attachment') : [];
        attachment = added ?? null;
      }
      const out = await db.inTenant(ctx, async (tx) => {
        if (!(await commentsRepository.update(tx, params.id, { message, mentions, attachment }))) throw Errors.notFound();
        let dropped: FileRow[] = [];
        if (attachment?.key !== cur.attachment?.key) {
          dropped = cur.attachment ? await filesRepository.release(tx, [cur.attachment.key]) : [];
          if (
            added &&
            !(await filesRepository.claim(tx, [
              { key: added.key, clientId, postId: cur.postId, commentId: cur.id, thumbKey: added.thumbKey, size: added.size },
            ]))
          ) {
            throw Errors.conflict('attachment', SOCIAL_TEXT.fileInUse);
          }
        }
        const post = await postsRepository.byId(tx, cur.postId);
        const comment = toComment((await commentsRepository.item(tx, ctx.userId, params.id))!, sign);
        await outbox.add(tx, socialEvents.commentUpdated, clientId, {
          comment: { ...comment, liked: false },
          post_id: cur.postId,
          comments_count: post?.commentsCount ?? 0,
          userIds: post ? await kit.audienceOf(tx, { parent: { type: post.parentType, id: post.parentId } }, task) : [],
        });
        return { comment, dropped };
      });
      await kit.dropFiles(clientId, out.dropped);
      return out.comment;
    },

    /**
     * §7 DELETE api/comment/{id}?parent_type: the author or an admin deletes a comment with its answers, likes and
     * files. Errors: 404 (also when `parent_type` does not match), 403.
     */
    commentDelete: async ({ params, query }, ctx) => {
      const clientId = kit.clientOf(ctx);
      const task = await kit.taskOf(ctx, { commentId: params.id });
      if (task && !task.read) throw Errors.notFound();
      const out = await db.inTenant(ctx, async (tx) => {
        const cur = await commentsRepository.byId(tx, params.id);
        if (!cur) throw Errors.notFound();
        if (query.parent_type && (query.parent_type === 'comment') !== Boolean(cur.parentCommentId)) throw Errors.notFound();
        if (!canEdit(ctx, cur.authorId)) throw Errors.forbidden();
        const post = await postsRepository.lock(tx, cur.postId);
        const files = await filesRepository.ofComment(tx, cur.id);
        const n = await commentsRepository.delete(tx, cur.id);
        const count = await commentsRepository.bumpPost(tx, cur.postId, -n);
        await outbox.add(tx, socialEvents.commentDeleted, clientId, {
          _id: params.id,
          post_id: cur.postId,
          parent: cur.parentCommentId ? { type: 'comment', id: cur.parentCommentId } : { type: 'post', id: cur.postId },
          comments_count: count,
          userIds: post ? await kit.audienceOf(tx, { parent: { type: post.parentType, id: post.parentId } }, task) : [],
        });
        return { cur, files, count };
      });
      await kit.dropFiles(clientId, out.files);
      return { _id: params.id, post_id: out.cur.postId, deleted: true, comments_count: out.count };
    },
  };
}
