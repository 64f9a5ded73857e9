import { Inject, Injectable } from '@nestjs/common';
import { COMMENT_FILE_LIMIT, socialEvents, type socialRoutes } from '@intranet/social-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database } from '@intranet/platform-db';
import { Errors, GENERIC } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { canEdit, taskCommentRule } from './access.ts';
import { AuthorsService } from './authors.service.ts';
import { CommentsRepository, FilesRepository, type FileRow } from './comments.repository.ts';
import { FilesService } from './files.service.ts';
import { toComment, type Signer } from './mapping.ts';
import { PostsRepository } from './posts.repository.ts';
import type { StoredFile } from './schema.ts';
import { SOCIAL_OUTBOX, SOCIAL_SIGNER } from './social.tokens.ts';
import { TaskAccessService } from './task-access.service.ts';
import { mentionsIn, prepareComment, unique } from './text.ts';

type In<K extends keyof typeof socialRoutes> = RouteInput<(typeof socialRoutes)[K]>;

/** Comments and answers (§7 Comments, §3 Comment: parent post or comment). */
@Injectable()
export class CommentsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(SOCIAL_OUTBOX) private readonly outbox: Outbox,
    @Inject(SOCIAL_SIGNER) private readonly sign: Signer,
    private readonly authors: AuthorsService,
    private readonly files: FilesService,
    private readonly tasks: TaskAccessService,
    private readonly comments: CommentsRepository,
    private readonly fileRows: FilesRepository,
    private readonly posts: PostsRepository,
  ) {}

  /**
   * §7 POST api/comment {parent_type, parent_id, message, attachment?, mentions?}: comments a post, or answers a
   * comment (an answer to an answer joins the same thread). Mentions (body ids and the markup's mention spans) are
   * stored and go out with evt.social.comment.created. Errors: 404 for an unknown or foreign parent; 400 on
   * `mentions` for someone not in the client; 'Field is required'; a comment file is at most 20 MB (413).
   */
  async commentCreate({ body }: In<'commentCreate'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    const message = prepareComment(body.message);
    const mentions = unique([...body.mentions, ...mentionsIn(message)]);
    await this.authors.ensure(ctx, [userId], { field: 'author', strict: false });
    // As for posts: every mentioned person must exist in the client (strict), so no foreign id is stored.
    if (mentions.length) await this.authors.ensure(ctx, mentions, { field: 'mentions', strict: true });
    // A task's post (§3 Comment parent task): the tasks service says who may read (else 404) and comment (else 403).
    const task = await this.tasks.of(ctx, body.parent_type === 'comment' ? { commentId: body.parent_id } : { postId: body.parent_id });
    const rule = taskCommentRule(task);
    if (rule === 'not_found') throw Errors.notFound();
    if (rule === 'forbidden') throw Errors.forbidden();
    const [file] = body.attachment ? await this.files.check(clientId, [body.attachment], COMMENT_FILE_LIMIT, 'attachment') : [];
    return this.db.inTenant(ctx, async (tx) => {
      let postId = body.parent_id;
      let parentCommentId: string | null = null;
      if (body.parent_type === 'comment') {
        const parent = await this.comments.byId(tx, body.parent_id);
        if (!parent) throw Errors.notFound();
        postId = parent.postId;
        parentCommentId = parent.parentCommentId ?? parent.id;
      }
      // Locks the post and counts the comment in one statement (the transaction undoes it on any error below).
      const locked = await this.comments.bumpPostRow(tx, postId, 1);
      if (!locked) throw Errors.notFound();
      const id = uuidv7();
      const now = new Date();
      await this.comments.insert(tx, {
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
      if (file && !(await this.fileRows.claim(tx, [{ key: file.key, clientId, postId, commentId: id, thumbKey: file.thumbKey, size: file.size }]))) {
        throw Errors.conflictCoded('attachment', GENERIC.fileInUse);
      }
      const comment = toComment((await this.comments.item(tx, userId, id))!, this.sign);
      const userIds = await this.tasks.audienceOf(tx, { parent: { type: locked.parentType, id: locked.parentId } }, task);
      await this.outbox.add(tx, socialEvents.commentCreated, clientId, {
        comment,
        post_id: postId,
        post_author_id: locked.authorId,
        comments_count: locked.commentsCount,
        userIds,
      });
      return comment;
    });
  }

  /**
   * §7 PUT api/comment/{id} {message?, attachment?}: the author or an admin edits; a replaced file is deleted.
   * Errors: 404, 403; file errors as for create (20 MB).
   */
  async commentUpdate({ params, body }: In<'commentUpdate'>, ctx: RequestContext) {
    const who = requireCaller(ctx);
    const { clientId } = who;
    const cur = await this.db.inTenant(ctx, (tx) => this.comments.byId(tx, params.id));
    if (!cur) throw Errors.notFound();
    const task = this.tasks.readable(await this.tasks.of(ctx, { postId: cur.postId }));
    if (!canEdit(who, cur.authorId)) throw Errors.forbidden();
    const message = body.message !== undefined ? prepareComment(body.message) : cur.message;
    const mentions = unique([...(body.mentions ?? (body.message !== undefined ? [] : cur.mentions)), ...mentionsIn(message)]);
    const newMentions = mentions.filter((m) => !cur.mentions.includes(m));
    if (newMentions.length) await this.authors.ensure(ctx, newMentions, { field: 'mentions', strict: true });
    let attachment: StoredFile | null = cur.attachment;
    let added: StoredFile | undefined;
    if (body.attachment !== undefined && body.attachment?.key !== cur.attachment?.key) {
      [added] = body.attachment ? await this.files.check(clientId, [body.attachment], COMMENT_FILE_LIMIT, 'attachment') : [];
      attachment = added ?? null;
    }
    const out = await this.db.inTenant(ctx, async (tx) => {
      if (!(await this.comments.update(tx, params.id, { message, mentions, attachment }))) throw Errors.notFound();
      let dropped: FileRow[] = [];
      if (attachment?.key !== cur.attachment?.key) {
        dropped = cur.attachment ? await this.fileRows.release(tx, [cur.attachment.key]) : [];
        const claim = added ? [{ key: added.key, clientId, postId: cur.postId, commentId: cur.id, thumbKey: added.thumbKey, size: added.size }] : [];
        if (added && !(await this.fileRows.claim(tx, claim))) throw Errors.conflictCoded('attachment', GENERIC.fileInUse);
      }
      const post = await this.posts.byId(tx, cur.postId);
      const comment = toComment((await this.comments.item(tx, who.userId, params.id))!, this.sign);
      await this.outbox.add(tx, socialEvents.commentUpdated, clientId, {
        comment: { ...comment, liked: false },
        post_id: cur.postId,
        comments_count: post?.commentsCount ?? 0,
        userIds: post ? await this.tasks.audienceOf(tx, { parent: { type: post.parentType, id: post.parentId } }, task) : [],
      });
      return { comment, dropped };
    });
    await this.files.drop(clientId, out.dropped);
    return out.comment;
  }

  /**
   * §7 DELETE api/comment/{id}?parent_type: the author or an admin deletes a comment with its answers, likes and
   * files. Errors: 404 (also when `parent_type` does not match), 403.
   */
  async commentDelete({ params, query }: In<'commentDelete'>, ctx: RequestContext) {
    const who = requireCaller(ctx);
    const { clientId } = who;
    const task = this.tasks.readable(await this.tasks.of(ctx, { commentId: params.id }));
    const out = await this.db.inTenant(ctx, async (tx) => {
      const cur = await this.comments.byId(tx, params.id);
      if (!cur) throw Errors.notFound();
      if (query.parent_type && (query.parent_type === 'comment') !== Boolean(cur.parentCommentId)) throw Errors.notFound();
      if (!canEdit(who, cur.authorId)) throw Errors.forbidden();
      const post = await this.posts.lock(tx, cur.postId);
      const files = await this.fileRows.ofComment(tx, cur.id);
      const n = await this.comments.delete(tx, cur.id);
      const count = await this.comments.bumpPost(tx, cur.postId, -n);
      await this.outbox.add(tx, socialEvents.commentDeleted, clientId, {
        _id: params.id,
        post_id: cur.postId,
        parent: cur.parentCommentId ? { type: 'comment', id: cur.parentCommentId } : { type: 'post', id: cur.postId },
        comments_count: count,
        userIds: post ? await this.tasks.audienceOf(tx, { parent: { type: post.parentType, id: post.parentId } }, task) : [],
      });
      return { cur, files, count };
    });
    await this.files.drop(clientId, out.files);
    return { _id: params.id, post_id: out.cur.postId, deleted: true, comments_count: out.count };
  }
}
