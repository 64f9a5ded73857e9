import type { User } from '@intranet/people-contract';
import type { Attachment, Author, Comment, FeedPost, Group, GroupPending, Idea, ViolReport } from '@intranet/social-contract';
import { groupRights } from './access.ts';
import type { NewAuthor } from './authors.repository.ts';
import type { CommentFeedRow } from './comments.repository.ts';
import type { GroupView } from './groups.repository.ts';
import type { AuthorJson, FeedRow } from './posts.repository.ts';
import type { AuthorRow, IdeaRow, StoredFile, ViolReportRow } from './schema.ts';

/** Signs a stored key into a URL (the platform's `signFileUrl` bound to the portal's secret). */
export type Signer = (key: string) => string;

/** A stored file → §3 attachment with signed URLs (thumbnail too). */
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

/** A people user → social's projection row (authors) at `version`. */
export function authorFromUser(u: User, version: Date): NewAuthor {
  return {
    id: u._id,
    clientId: u.client_id!,
    firstName: u.firstName,
    lastName: u.lastName,
    avatar: u.avatar,
    position: u.position,
    department: u.department,
    birthDate: u.birthDate || null,
    workingSince: u.workingSince || null,
    deletionMark: u.deletion_mark,
    version,
  };
}

/** A member or pending person in group answers (_id, fullName, avatar, position). */
export const toPerson = (id: string, a: Parameters<typeof toAuthor>[1]) => {
  const p = toAuthor(id, a);
  return { _id: p._id, fullName: p.fullName, avatar: p.avatar, position: p.position };
};

/** Row → §3 Group with the caller's state (`clientAdmin`: the caller administrates the client). */
export function toGroup(v: GroupView, clientAdmin: boolean): Group {
  const r = groupRights({ type: v.g.type, role: v.role, grant: v.grant }, clientAdmin);
  return {
    _id: v.g.id,
    client_id: v.g.clientId,
    name: v.g.name,
    description: v.g.description,
    type: v.g.type,
    cover: v.g.cover,
    owner: v.g.ownerId,
    admins: v.admins ?? [],
    members_count: v.g.membersCount,
    requests_count: r.admin ? v.requests : 0,
    invitations_count: r.admin ? v.invitations : 0,
    state: v.role ?? (v.pending === 'request' ? 'requested' : v.pending === 'invitation' ? 'invited' : 'none'),
    can_read: r.read,
    can_post: r.write,
    can_admin: r.admin,
    created: v.g.createdAt.toISOString(),
    updated: v.g.updatedAt.toISOString(),
  };
}

/** What a change answers when its own caller can no longer see the group (left a private group). */
export function goneGroup(id: string, clientId: string): Group {
  const never = new Date(0).toISOString();
  return {
    _id: id,
    client_id: clientId,
    name: '',
    description: '',
    type: 'private',
    cover: null,
    owner: '',
    admins: [],
    members_count: 0,
    requests_count: 0,
    invitations_count: 0,
    state: 'none',
    can_read: false,
    can_post: false,
    can_admin: false,
    created: never,
    updated: never,
  };
}

/** A pending row of the groups repository (request or invitation) with its group and person. */
export interface PendingRow {
  p: { kind: 'request' | 'invitation'; groupId: string; userId: string; byId: string | null; status: GroupPending['status']; createdAt: Date };
  groupName: string;
  groupType: Group['type'];
  person: Parameters<typeof toAuthor>[1];
}

/** Pending rows → §7 group requests / invitations. */
export const toPending = (rows: PendingRow[]): GroupPending[] =>
  rows.map((r) => ({
    kind: r.p.kind,
    group_id: r.p.groupId,
    group_name: r.groupName,
    group_type: r.groupType,
    user: toPerson(r.p.userId, r.person),
    by: r.p.byId,
    status: r.p.status,
    created: r.p.createdAt.toISOString(),
  }));

/** Row → §7 idea. */
export const toIdea = (r: IdeaRow): Idea => ({
  _id: r.id,
  author_id: r.authorId,
  author: r.author,
  current: r.current,
  improvement: r.improvement,
  changes: r.changes,
  results: r.results,
  status: r.status,
  created: r.createdAt.toISOString(),
  updated: r.updatedAt.toISOString(),
});

/** Row → §7 violation report (no author: the name only when the sender signed). */
export const toReport = (r: ViolReportRow): ViolReport => ({ _id: r.id, anonymous: r.anonymous, name: r.name, text: r.text, day: r.day, handled: r.handled });

const DAY = 86_400_000;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The next birthday on or after `today` (YYYY-MM-DD; 29 February is kept on 28 February in other years). */
export function nextBirthday(birthDate: string, today: string): { next: string; daysLeft: number } {
  const [, m, d] = birthDate.split('-').map(Number);
  const t = Date.parse(`${today}T00:00:00Z`);
  let y = Number(today.slice(0, 4));
  const at = (year: number) => Date.UTC(year, m - 1, m === 2 && d === 29 && !isLeap(year) ? 28 : d);
  if (at(y) < t) y++;
  const n = at(y);
  return { next: new Date(n).toISOString().slice(0, 10), daysLeft: Math.round((n - t) / DAY) };
}

/** A projection row with a birth date → the birthdays widget's item as of `today`. */
export function toBirthday(a: AuthorRow, today: string) {
  return {
    _id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    fullName: [a.firstName, a.lastName].filter(Boolean).join(' '),
    avatar: a.avatar,
    position: a.position,
    department: a.department,
    birthDate: a.birthDate!,
    workingSince: a.workingSince,
    ...nextBirthday(a.birthDate!, today),
  };
}

/**
 * The birthdays widget (§7 Clients birthdays): by days left, then name and id (a page never splits the order);
 * `days` keeps those within that many days; `offset`/`limit` page the list.
 */
export function birthdayList(rows: AuthorRow[], q: { today: string; days?: number; offset?: number; limit?: number }): ReturnType<typeof toBirthday>[] {
  const offset = q.offset ?? 0;
  return rows
    .map((a) => toBirthday(a, q.today))
    .filter((b) => q.days === undefined || b.daysLeft <= q.days)
    .sort((x, y) => x.daysLeft - y.daysLeft || x.fullName.localeCompare(y.fullName) || x._id.localeCompare(y._id))
    .slice(offset, q.limit === undefined ? undefined : offset + q.limit);
}
