import { Inject, Injectable } from '@nestjs/common';
import { GROUP_CODES, GROUP_TEXT, SOCIAL_ERRORS, socialEvents, type socialRoutes } from '@intranet/social-contract';
import { requireCaller, type Caller, type RequestContext } from '@intranet/platform-bus';
import { FILE_LIMITS, type RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database } from '@intranet/platform-db';
import { DomainError, Errors, GENERIC } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { canEdit, canPostToParent, groupRights, taskCommentRule, type TaskAccess } from './access.ts';
import { AuthorsRepository } from './authors.repository.ts';
import { AuthorsService } from './authors.service.ts';
import { FilesRepository, type FileRow } from './comments.repository.ts';
import { FilesService } from './files.service.ts';
import { GroupsRepository } from './groups.repository.ts';
import { toFeedPost, type Signer } from './mapping.ts';
import { PostsRepository } from './posts.repository.ts';
import type { PostRow, StoredFile } from './schema.ts';
import { SOCIAL_OUTBOX, SOCIAL_SIGNER } from './social.tokens.ts';
import { TaskAccessService } from './task-access.service.ts';
import { checkThanks, prepareMessage } from './text.ts';

type In<K extends keyof typeof socialRoutes> = RouteInput<(typeof socialRoutes)[K]>;

/** 403 'Only members can post in this group' (POST api/post into a group one may not write to). */
const refuseNotMember = () => new DomainError('forbidden', GROUP_TEXT.notAllowed, { code: GROUP_CODES.notAllowed });

/**
 * Writing posts (§7 Posts, §4 Posts, §5 Posts): create, edit, delete. The message HTML is sanitised, mentions are
 * checked against the client, files against storage; events go out through the outbox in the write's transaction.
 */
@Injectable()
export class PostsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(SOCIAL_OUTBOX) private readonly outbox: Outbox,
    @Inject(SOCIAL_SIGNER) private readonly sign: Signer,
    private readonly authors: AuthorsService,
    private readonly files: FilesService,
    private readonly tasks: TaskAccessService,
    private readonly posts: PostsRepository,
    private readonly fileRows: FilesRepository,
    private readonly people: AuthorsRepository,
    private readonly groups: GroupsRepository,
  ) {}

  /**
   * Where a new post goes (§3 parent types): company and feed for everyone with `wall`; system for admins (else
   * 403); group and task as checked by `groupParent` / `taskParent`.
   */
  private resolveParent(who: Caller, p: { type: PostRow['parentType']; id?: string | null; where?: string | null }) {
    if (!canPostToParent(p.type, who.admin)) throw Errors.forbidden();
    const where = p.where ?? null;
    const id = p.type === 'feed' ? (p.id ?? who.userId) : p.type === 'company' ? null : (p.id ?? null);
    return { parentType: p.type, parentId: id, parentWhere: where, onWall: p.type !== 'group' && p.type !== 'task' };
  }

  /**
   * A group parent: the group must be visible (404) and the caller a member or a holder of a write grant (403 'Only
   * members can post in this group'). Output: whether its posts go on the wall (a public group's do).
   */
  private async groupParent(ctx: RequestContext, who: Caller, id: string | null | undefined): Promise<boolean> {
    if (!id) throw Errors.fieldCoded('parent.id', GENERIC.required);
    const v = await this.db.inTenant(ctx, (tx) => this.groups.view(tx, who.userId, id));
    if (!v) throw Errors.notFound();
    if (!groupRights({ type: v.g.type, role: v.role, grant: v.grant }, who.admin).write) throw refuseNotMember();
    return v.g.type === 'public';
  }

  /**
   * A task parent (§6 board rights, asked of the tasks service): 404 unless the caller may read the task, 403 unless
   * they may comment it. A task's post is a plain post (never a thank-you: it would reach the thanks widget).
   */
  private async taskParent(ctx: RequestContext, id: string | null | undefined, type: 'post' | 'thanks'): Promise<TaskAccess> {
    if (!id) throw Errors.fieldCoded('parent.id', GENERIC.required);
    const a = await this.tasks.access(ctx, id);
    const rule = taskCommentRule(a);
    if (rule === 'not_found') throw Errors.notFound();
    if (rule === 'forbidden') throw Errors.forbidden();
    if (type !== 'post') throw Errors.fieldCoded('type', SOCIAL_ERRORS.taskPostType);
    return a;
  }

  /**
   * §7 POST api/post (feature right `wall`): a post or thank-you post with mentions and uploaded files. Errors (§5,
   * §8): 'Field is required'; thank-you over 30 symbols and exactly one mention; 'Files above 20 MB cannot be
   * attached' (413); 'The file was not found or was deleted'; 'User not found'.
   */
  async create({ body }: In<'postCreate'>, ctx: RequestContext) {
    const who = requireCaller(ctx);
    const { clientId, userId } = who;
    const { message, text, mentions } = prepareMessage(body.message, body.mentions);
    checkThanks(body.type, text, mentions);
    const parent = this.resolveParent(who, body.parent);
    if (parent.parentType === 'group') parent.onWall = await this.groupParent(ctx, who, parent.parentId);
    const task = parent.parentType === 'task' ? await this.taskParent(ctx, parent.parentId, body.type) : undefined;
    const named = parent.parentType === 'feed' && parent.parentId ? [...mentions, parent.parentId] : mentions;
    await this.authors.ensure(ctx, named, { field: 'mentions', strict: true });
    await this.authors.ensure(ctx, [userId], { field: 'author', strict: false });
    const stored = await this.files.check(clientId, body.attachments, FILE_LIMITS.post, 'attachments');
    const id = uuidv7();
    return this.db.inTenant(ctx, async (tx) => {
      const now = new Date();
      const inserted = await this.posts.insert(tx, {
        id,
        clientId,
        authorId: userId,
        type: body.type,
        ...parent,
        message,
        mentions,
        attachments: stored,
        createdAt: now,
        updatedAt: now,
      });
      const claimed = await this.fileRows.claim(
        tx,
        stored.map((f) => ({ key: f.key, clientId, postId: id, thumbKey: f.thumbKey, size: f.size })),
      );
      if (!claimed) throw Errors.conflictCoded('attachments', GENERIC.fileInUse);
      const people = await this.people.byIds(tx, [userId, ...mentions]);
      const post = toFeedPost(this.posts.newFeedRow(inserted, people), this.sign);
      // In the post's transaction: a bus that fails now delays the event, never the saved post (DESIGN §6).
      const group = post.parent.type === 'group' && post.parent.id ? await this.groups.nameAndMembers(tx, post.parent.id) : undefined;
      const userIds = await this.tasks.audienceOf(tx, post, task);
      await this.outbox.add(tx, socialEvents.postCreated, clientId, { post, userIds, ...(group ? { group } : {}) });
      return post;
    });
  }

  /**
   * §7 PUT api/post/{id}: the author or an admin edits message, type, mentions or the attachment list (files left
   * out are deleted and their bytes released). Same rules as create. Errors: 404, 403.
   */
  async update({ params, body }: In<'postUpdate'>, ctx: RequestContext) {
    const who = requireCaller(ctx);
    const { clientId } = who;
    const cur = await this.db.inTenant(ctx, (tx) => this.posts.byId(tx, params.id));
    if (!cur) throw Errors.notFound();
    const task = cur.parentType === 'task' && cur.parentId ? this.tasks.readable(await this.tasks.access(ctx, cur.parentId)) : undefined;
    if (!canEdit(who, cur.authorId)) throw Errors.forbidden();
    const { message, text, mentions } = prepareMessage(body.message ?? cur.message, body.mentions ?? cur.mentions);
    const type = body.type ?? cur.type;
    if (task && type !== 'post') throw Errors.fieldCoded('type', SOCIAL_ERRORS.taskPostType);
    checkThanks(type, text, mentions);
    await this.authors.ensure(
      ctx,
      mentions.filter((m) => !cur.mentions.includes(m)),
      { field: 'mentions', strict: true },
    );
    let attachments: StoredFile[] = cur.attachments;
    let added: StoredFile[] = [];
    let removedKeys: string[] = [];
    if (body.attachments) {
      const old = new Map(cur.attachments.map((f) => [f.key, f]));
      const wanted = new Set(body.attachments.map((f) => f.key));
      added = await this.files.check(
        clientId,
        body.attachments.filter((f) => !old.has(f.key)),
        FILE_LIMITS.post,
        'attachments',
      );
      const addedByKey = new Map(added.map((f) => [f.key, f]));
      attachments = body.attachments.map((f) => old.get(f.key) ?? addedByKey.get(f.key)!);
      removedKeys = cur.attachments.filter((f) => !wanted.has(f.key)).map((f) => f.key);
    }
    const out = await this.db.inTenant(ctx, async (tx) => {
      const locked = await this.posts.lock(tx, params.id);
      if (!locked) throw Errors.notFound();
      await this.posts.update(tx, params.id, { message, type, mentions, attachments });
      const claimed = await this.fileRows.claim(
        tx,
        added.map((f) => ({ key: f.key, clientId, postId: params.id, thumbKey: f.thumbKey, size: f.size })),
      );
      if (!claimed) throw Errors.conflictCoded('attachments', GENERIC.fileInUse);
      const dropped = await this.fileRows.release(tx, removedKeys);
      const post = toFeedPost((await this.posts.feedItem(tx, who.userId, params.id))!, this.sign);
      await this.outbox.add(tx, socialEvents.postUpdated, clientId, {
        post: { ...post, liked: false, viewed: false },
        userIds: await this.tasks.audienceOf(tx, post, task),
      });
      return { post, dropped };
    });
    await this.files.drop(clientId, out.dropped);
    return out.post;
  }

  /**
   * §7 DELETE api/post/{id}: the author or an admin deletes a post; its comments, likes and views go with it and its
   * files are deleted with their bytes given back to the client's storage. Errors: 404, 403.
   */
  async delete({ params }: In<'postDelete'>, ctx: RequestContext) {
    const who = requireCaller(ctx);
    const { clientId } = who;
    const task = this.tasks.readable(await this.tasks.of(ctx, { postId: params.id }));
    const files: FileRow[] = await this.db.inTenant(ctx, async (tx) => {
      const cur = await this.posts.lock(tx, params.id);
      if (!cur) throw Errors.notFound();
      if (!canEdit(who, cur.authorId)) throw Errors.forbidden();
      const rows = await this.fileRows.ofPost(tx, params.id);
      const userIds = await this.tasks.audienceOf(tx, { parent: { type: cur.parentType, id: cur.parentId } }, task);
      await this.posts.delete(tx, params.id);
      await this.outbox.add(tx, socialEvents.postDeleted, clientId, {
        _id: params.id,
        type: cur.type,
        parent: { type: cur.parentType, id: cur.parentId },
        userIds,
      });
      return rows;
    });
    await this.files.drop(clientId, files);
    return { _id: params.id, deleted: true };
  }
}
