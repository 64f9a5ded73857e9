/**
 * social's can-rules (§6 roles, §4 Groups, §7 Posts and Comments) as pure functions: no I/O, no errors; the
 * services turn a `false` into the route's refusal.
 */

/** Who is asking: the caller's user id and whether they administrate the client (platform `requireCaller`). */
export interface Who {
  userId: string;
  admin: boolean;
}

/** What a caller is in a group, as the groups repository reads it. */
export interface GroupStanding {
  type: 'public' | 'closed' | 'private';
  role: 'owner' | 'admin' | 'member' | null;
  grant: 'read' | 'write' | null;
}

/** What the caller may do in a group. */
export interface GroupRights {
  read: boolean;
  write: boolean;
  admin: boolean;
}

/**
 * §4 Groups: a public group is read by everyone of the client; members and grant holders read the others; members
 * and `write` grant holders post; the owner, group admins and client admins administrate.
 */
export function groupRights(g: GroupStanding, clientAdmin: boolean): GroupRights {
  const member = g.role !== null;
  return {
    read: g.type === 'public' || member || g.grant !== null,
    write: member || g.grant === 'write',
    admin: g.role === 'owner' || g.role === 'admin' || clientAdmin,
  };
}

/** Owner-only group acts (delete, hand over, set a member's admin flag): the owner or a client admin. */
export const canActAsOwner = (role: GroupStanding['role'], clientAdmin: boolean): boolean => role === 'owner' || clientAdmin;

/** §7 Posts and Comments: the author edits and deletes their own; client admins any. */
export const canEdit = (who: Who, authorId: string): boolean => authorId === who.userId || who.admin;

/** A user's open group requests and invitations: the user themselves or a client admin. */
export const canSeePending = (who: Who, userId: string): boolean => userId === who.userId || who.admin;

/** §3 Post parent `system`: only client admins post there; every other parent type is open to the `wall` right. */
export const canPostToParent = (parentType: string, clientAdmin: boolean): boolean => parentType !== 'system' || clientAdmin;

/** GET api/idea: admins see every idea of the client unless they ask for their own (`mine`); others only theirs. */
export const ownIdeasOnly = (clientAdmin: boolean, mine: boolean): boolean => !clientAdmin || mine;

/** What the tasks service answered for a user and a task (tasks.internal.commentAccess). */
export interface TaskAccess {
  read: boolean;
  comment: boolean;
  userIds: string[];
}

/**
 * §3 Post/Comment with parent task, §6 board rights: 'not_found' unless the caller may read the task,
 * 'forbidden' unless they may comment it; 'ok' otherwise. `undefined`: the post is not a task's.
 */
export function taskCommentRule(task: TaskAccess | undefined): 'ok' | 'not_found' | 'forbidden' {
  if (!task) return 'ok';
  if (!task.read) return 'not_found';
  return task.comment ? 'ok' : 'forbidden';
}

/** A route's `{id}` of a client (all_thanks, birthdays, news, groups byClient): only the caller's own client. */
export const isOwnClient = (callerClientId: string, id: string): boolean => callerClientId === id;
