import type { Attachment, Author, Comment, FeedPost } from '@intranet/social-contract';
import type { RequestContext } from '@intranet/platform-bus';
import { signFileUrl } from '@intranet/platform-storage';
import type { AuthorJson, CommentFeedRow, FeedRow } from './repository.ts';
import type { StoredFile } from './schema.ts';

export const isSuper = (ctx: RequestContext) => ctx.roles.includes('superadmin');
export const isAdmin = (ctx: RequestContext) => isSuper(ctx) || ctx.roles.includes('admin');

/** Signs stored keys into URLs (an hour long; they renew for signed-in members, issue 18 §4). */
export type Signer = (key: string) => string;

export function toAttachment(f: StoredFile, sign: Signer): Attachment {
  const url = sign(f.key);
  const thumb = f.thumbKey ? sign(f.thumbKey) : null;
  return { key: f.key, fileName: f.fileName, mimetype: f.mimetype, size: f.size, url, file: url, thumb, mini: thumb };
}

/** A projection row (or nothing yet) → the author shape of feeds. */
export function toAuthor(id: string, a: Partial<AuthorJson> | null | undefined): Author {
  const firstName = a?.firstName ?? null;
  const lastName = a?.lastName ?? null;
  return {
    _id: id,
    firstName,
    lastName,
    fullName: [firstName, lastName].filter(Boolean).join(' '),
    avatar: a?.avatar ?? null,
    position: a?.position ?? null,
    department: a?.department ?? null,
    deletion_mark: a?.deletionMark ?? false,
  };
}

/** Feed row → §3 Post as a feed item. */
export function toFeedPost(r: FeedRow, sign: Signer): FeedPost {
  const p = r.post;
  return {
    _id: p.id,
    client_id: p.clientId,
    type: p.type,
    parent: { type: p.parentType, id: p.parentId, where: p.parentWhere },
    author: toAuthor(p.authorId, r.author),
    message: p.message,
    mentions: p.mentions,
    mentioned: (r.mentioned ?? []).map((m) => toAuthor(m.id, m)),
    attachments: p.attachments.map((f) => toAttachment(f, sign)),
    created: p.createdAt.toISOString(),
    updated: p.updatedAt.toISOString(),
    likes_count: p.likesCount,
    comments_count: p.commentsCount,
    views_count: p.viewsCount,
    liked: Boolean(r.liked),
    viewed: Boolean(r.viewed),
  };
}

/** One comment row → §3 Comment (answers filled by `commentTree`). */
export function toComment(r: CommentFeedRow, sign: Signer): Comment {
  const c = r.comment;
  return {
    _id: c.id,
    post_id: c.postId,
    parent: c.parentCommentId ? { type: 'comment', id: c.parentCommentId } : { type: 'post', id: c.postId },
    author: toAuthor(c.authorId, r.author),
    message: c.message,
    attachment: c.attachment ? toAttachment(c.attachment, sign) : null,
    mentions: c.mentions ?? [],
    status: c.status,
    likes_count: c.likesCount,
    liked: Boolean(r.liked),
    created: c.createdAt.toISOString(),
    updated: c.updatedAt.toISOString(),
    answers: [],
  };
}

/** Flat rows (oldest first) → comments with their answers nested. */
export function commentTree(rows: CommentFeedRow[], sign: Signer): Comment[] {
  const top: Comment[] = [];
  const byId = new Map<string, Comment>();
  for (const r of rows) {
    const c = toComment(r, sign);
    byId.set(c._id, c);
    const parent = r.comment.parentCommentId ? byId.get(r.comment.parentCommentId) : undefined;
    if (parent) parent.answers.push(c);
    else if (!r.comment.parentCommentId) top.push(c);
  }
  return top;
}

/** A signer bound to the portal's secret. */
export function signer(secret: string | undefined): Signer {
  return (key) => {
    if (!secret) throw new Error('JWT_SECRET is needed to sign file URLs');
    return signFileUrl(secret, key);
  };
}
