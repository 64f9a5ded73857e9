import { access, defineEvent, defineRoute, Id, requiredString, V, z, type EventDef, type RouteDef } from '@intranet/platform-contracts';

/** §3 Group types: public (anyone with `groups` reads and joins), closed (catalogue only; ask to join), private (invisible). */
export const GROUP_TYPES = ['public', 'closed', 'private'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];
/** A member's role in a group (§6 contextual roles: group owner/admin). */
export const GROUP_ROLES = ['owner', 'admin', 'member'] as const;
/** §4 Group: a request (asked by the user) or an invitation (sent by a group admin) and where it ended. */
export const GROUP_PENDING_KINDS = ['request', 'invitation'] as const;
export const GROUP_PENDING_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'accepted', 'declined'] as const;
/** §3 Idea statuses (new → under review → accepted / rejected). */
export const IDEA_STATUSES = ['new', 'review', 'accepted', 'rejected'] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];

/** §9 limits of groups. */
export const GROUP_NAME_MAX = 50;
export const GROUP_DESCRIPTION_MAX = 250;
/** Groups per catalogue page. */
export const GROUP_PAGE_SIZE = 20;

/**
 * §5 Group, idea, violation and §8 group texts (server and web say the same; the web words them by `code`).
 * The codes are stable: `groupOwnerLeave`, `groupNotMember`, `groupAlreadyMember`, `groupNotAdmin`, ...
 */
export const GROUP_TEXT = {
  ownerCannotLeave: 'The owner cannot leave the group; hand it over first',
  ownerCannotBeRemoved: 'The owner cannot be removed from the group',
  alreadyMember: 'You are already a member of this group',
  notMember: 'The user is not a member of this group',
  noRequest: 'There is no pending request',
  noInvitation: 'There is no pending invitation',
  notAdmin: 'Only the group administrators can do this',
  notOwner: 'Only the group owner can do this',
  privateJoin: 'A private group is joined by invitation only',
  notAllowed: 'Only members can post in this group',
  reportHandled: 'The report is already handled',
} as const;
export const GROUP_CODES: Record<keyof typeof GROUP_TEXT, string> = {
  ownerCannotLeave: 'groupOwnerLeave',
  ownerCannotBeRemoved: 'groupOwnerRemove',
  alreadyMember: 'groupAlreadyMember',
  notMember: 'groupNotMember',
  noRequest: 'groupNoRequest',
  noInvitation: 'groupNoInvitation',
  notAdmin: 'groupNotAdmin',
  notOwner: 'groupNotOwner',
  privateJoin: 'groupPrivateJoin',
  notAllowed: 'groupPostNotMember',
  reportHandled: 'reportHandled',
};

const groupFields = {
  name: requiredString().max(GROUP_NAME_MAX, V.max(GROUP_NAME_MAX)),
  description: requiredString().max(GROUP_DESCRIPTION_MAX, V.max(GROUP_DESCRIPTION_MAX)),
  type: z.enum(GROUP_TYPES, { error: V.required }),
  /** Cover image: an uploaded file's key (POST api/upload) or an URL; null removes it. */
  cover: z.string().trim().max(500).nullable().optional(),
};
/** POST api/group/ body (§5 Group: name required ≤ 50, description required ≤ 250, type required). */
export const groupCreateBody = z.object(groupFields);
/** PUT api/group/{id} body: any of the fields, same rules. */
export const groupUpdateBody = z.object({
  name: groupFields.name.optional(),
  description: groupFields.description.optional(),
  type: groupFields.type.optional(),
  cover: groupFields.cover,
});

const personSchema = z.object({ _id: z.string(), fullName: z.string(), avatar: z.string().nullable(), position: z.string().nullable() });

/** The caller's standing in a group: role when a member, else a pending request / invitation or nothing. */
export const groupStateSchema = z.enum(['owner', 'admin', 'member', 'requested', 'invited', 'none']);
export type GroupState = z.infer<typeof groupStateSchema>;

/** §3 Group as the API returns it (members, requests and invitations are counted; listed by their own routes). */
export const groupSchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(GROUP_TYPES),
  cover: z.string().nullable(),
  owner: z.string(),
  /** Ids of the group admins (the owner included). */
  admins: z.array(z.string()),
  members_count: z.number(),
  /** Pending requests and invitations (counted for the group admins only; 0 for others). */
  requests_count: z.number(),
  invitations_count: z.number(),
  state: groupStateSchema,
  /** What the caller may do: read the feed and members, post, administrate. */
  can_read: z.boolean(),
  can_post: z.boolean(),
  can_admin: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupListSchema = z.object({ groups: z.array(groupSchema), total: z.number(), page: z.number(), limit: z.number() });
export type GroupList = z.infer<typeof groupListSchema>;

export const memberSchema = personSchema.extend({ role: z.enum(GROUP_ROLES), since: z.string() });
export type GroupMember = z.infer<typeof memberSchema>;
export const pendingSchema = z.object({
  kind: z.enum(GROUP_PENDING_KINDS),
  group_id: z.string(),
  group_name: z.string(),
  group_type: z.enum(GROUP_TYPES),
  user: personSchema,
  by: z.string().nullable(),
  status: z.enum(GROUP_PENDING_STATUSES),
  created: z.string(),
});
export type GroupPending = z.infer<typeof pendingSchema>;

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
const idParams = z.object({ id: Id });
const groupUserParams = z.object({ groupId: Id, userId: Id });
const stateResult = groupSchema;

/** Action routes on one group (§4 Group transitions): path params {id}, feature right `groups`. */
function action<P extends z.ZodType, B extends z.ZodType = ReturnType<typeof emptyBody>>(over: {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  subject: string;
  summary: string;
  body?: B;
  params: P;
}) {
  return defineRoute({
    method: over.method,
    path: over.path,
    subject: over.subject,
    summary: over.summary,
    spec: '§7 Groups, §4 Group',
    access: access.feature('groups'),
    params: over.params,
    body: (over.body ?? emptyBody()) as B,
    result: stateResult,
  });
}
const emptyBody = () => z.object({});

/**
 * §7 Groups routes (exact paths), and the §4 request/invitation actions the spec names no path for, in the same
 * style under api/group/{id}/…: join (public: at once; closed: a request), leave, requests (list, approve, reject,
 * cancel), invitations (list, send, withdraw, accept, decline), members (list, remove, admin flag). Visibility by type is
 * enforced in SQL on every one: a private group is 404 to whoever is neither a member nor invited; a closed group's
 * members and posts are 403 to non-members.
 */
export const groupRoutes = {
  groupCreate: defineRoute({
    method: 'POST',
    path: '/api/group/',
    subject: 'social.group.create',
    summary: 'Create a group (the caller becomes its owner)',
    spec: '§7 Groups, §5 Group',
    access: access.feature('groups'),
    body: groupCreateBody,
    result: groupSchema,
  }),
  groupByUser: defineRoute({
    method: 'GET',
    path: '/api/group/byUser/{id}',
    subject: 'social.group.byUser',
    summary: 'Groups user {id} is a member of (private ones only when the caller is a member too)',
    spec: '§7 Groups',
    access: access.feature('groups'),
    params: idParams,
    query: pageQuery.extend({ search: z.string().trim().max(100).optional() }),
    result: groupListSchema,
  }),
  groupByClient: defineRoute({
    method: 'GET',
    path: '/api/group/byClient/{id}',
    subject: 'social.group.byClient',
    summary: "The client's group catalogue: public and closed groups and the private ones the caller belongs to; search by name",
    spec: '§7 Groups, §2 /groups/',
    access: access.feature('groups'),
    params: idParams,
    query: pageQuery.extend({ search: z.string().trim().max(100).optional() }),
    result: groupListSchema,
  }),
  groupPending: defineRoute({
    method: 'GET',
    path: '/api/group/byUser/{id}/pending',
    subject: 'social.group.pending',
    summary: "User {id}'s pending requests and invitations (the user themself or an admin)",
    spec: '§4 Group, §2 /groups/ (requests/invitations tab)',
    access: access.feature('groups'),
    params: idParams,
    result: z.object({ requests: z.array(pendingSchema), invitations: z.array(pendingSchema) }),
  }),
  groupGet: defineRoute({
    method: 'GET',
    path: '/api/group/{id}',
    subject: 'social.group.get',
    summary: "One group with the caller's state (404 for a private group the caller is not in)",
    spec: '§7 Groups',
    access: access.feature('groups'),
    params: idParams,
    result: groupSchema,
  }),
  groupCanRead: defineRoute({
    method: 'GET',
    path: '/api/group/can_read_by/{id}',
    subject: 'social.group.canRead',
    summary: 'Whether the caller may read group {id} (feed and members) and post in it',
    spec: '§7 Groups',
    access: access.feature('groups'),
    params: idParams,
    result: z.object({ _id: z.string(), read: z.boolean(), write: z.boolean() }),
  }),
  groupUpdate: defineRoute({
    method: 'PUT',
    path: '/api/group/{id}',
    subject: 'social.group.update',
    summary: 'Edit name, description, type or cover (group admins)',
    spec: '§7 Groups, §5 Group',
    access: access.feature('groups'),
    params: idParams,
    body: groupUpdateBody,
    result: groupSchema,
  }),
  groupDelete: defineRoute({
    method: 'DELETE',
    path: '/api/group/{id}',
    subject: 'social.group.delete',
    summary: 'Delete a group with its posts (the owner or a client admin)',
    spec: '§7 Groups',
    access: access.feature('groups'),
    params: idParams,
    result: z.object({ _id: z.string(), deleted: z.boolean() }),
  }),
  groupGrantAdd: defineRoute({
    method: 'POST',
    path: '/api/group/{groupId}/grants/user/{userId}',
    subject: 'social.group.grantAdd',
    summary: 'Grant a user read or write access to a group without membership (group admins)',
    spec: '§7 Groups, §6 grants',
    access: access.feature('groups'),
    params: groupUserParams,
    body: z.object({ level: z.enum(['read', 'write']).default('read') }),
    result: z.object({ group_id: z.string(), user_id: z.string(), level: z.enum(['read', 'write', 'none']) }),
  }),
  groupGrantRemove: defineRoute({
    method: 'DELETE',
    path: '/api/group/{groupId}/grants/user/{userId}',
    subject: 'social.group.grantRemove',
    summary: "Remove a user's grant on a group (group admins)",
    spec: '§7 Groups, §6 grants',
    access: access.feature('groups'),
    params: groupUserParams,
    result: z.object({ group_id: z.string(), user_id: z.string(), level: z.enum(['read', 'write', 'none']) }),
  }),
  groupReplaceOwner: defineRoute({
    method: 'POST',
    path: '/api/group/replace_owner/{userId}/{clientId}',
    subject: 'social.group.replaceOwner',
    summary: 'Move every group user {userId} owns in client {clientId} to a new owner, in one transaction (client admins)',
    spec: '§7 Groups, §4 Group',
    access: access.admin,
    params: z.object({ userId: Id, clientId: Id }),
    /** The new owner (a user of the client); the calling admin when absent. */
    body: z.object({ owner: Id.optional() }),
    result: z.object({ moved: z.number(), owner: z.string() }),
  }),
  groupSetOwner: defineRoute({
    method: 'PUT',
    path: '/api/group/{groupId}/owner/{newOwner}',
    subject: 'social.group.setOwner',
    summary: 'The owner (or a client admin) hands the group over to one of its members',
    spec: '§7 Groups, §4 Group',
    access: access.feature('groups'),
    params: z.object({ groupId: Id, newOwner: Id }),
    result: groupSchema,
  }),
  groupMembers: defineRoute({
    method: 'GET',
    path: '/api/group/{id}/members',
    subject: 'social.group.members',
    summary: 'Members of a group, owner and admins first (readers only: 403 for a closed group, 404 for a private one)',
    spec: '§3 Group members, §4 Group',
    access: access.feature('groups'),
    params: idParams,
    query: pageQuery.extend({ search: z.string().trim().max(100).optional() }),
    result: z.object({ members: z.array(memberSchema), total: z.number(), page: z.number(), limit: z.number() }),
  }),
  groupJoin: action({
    params: idParams,
    method: 'POST',
    path: '/api/group/{id}/join',
    subject: 'social.group.join',
    summary: 'Join a public group at once, ask to join a closed one, or accept a pending invitation',
  }),
  groupLeave: action({
    params: idParams,
    method: 'POST',
    path: '/api/group/{id}/leave',
    subject: 'social.group.leave',
    summary: 'Leave a group (the owner hands it over first)',
  }),
  groupRequests: defineRoute({
    method: 'GET',
    path: '/api/group/{id}/requests',
    subject: 'social.group.requests',
    summary: 'Pending requests to join (group admins)',
    spec: '§4 Group',
    access: access.feature('groups'),
    params: idParams,
    result: z.array(pendingSchema),
  }),
  groupRequestCancel: action({
    params: idParams,
    method: 'DELETE',
    path: '/api/group/{id}/requests',
    subject: 'social.group.requestCancel',
    summary: "Cancel the caller's own pending request",
  }),
  groupRequestApprove: action({
    method: 'POST',
    path: '/api/group/{groupId}/requests/{userId}/approve',
    subject: 'social.group.requestApprove',
    summary: "Approve a user's request: they become a member (group admins)",
    params: groupUserParams,
  }),
  groupRequestReject: action({
    method: 'POST',
    path: '/api/group/{groupId}/requests/{userId}/reject',
    subject: 'social.group.requestReject',
    summary: "Reject a user's request (group admins)",
    params: groupUserParams,
  }),
  groupInvitations: defineRoute({
    method: 'GET',
    path: '/api/group/{id}/invitations',
    subject: 'social.group.invitations',
    summary: 'Pending invitations (group admins)',
    spec: '§4 Group',
    access: access.feature('groups'),
    params: idParams,
    result: z.array(pendingSchema),
  }),
  groupInvite: action({
    params: idParams,
    method: 'POST',
    path: '/api/group/{id}/invitations',
    subject: 'social.group.invite',
    summary: 'Invite colleagues (group admins); members and already-invited people are skipped',
    body: z.object({ user_ids: z.array(Id).min(1, V.required).max(100) }),
  }),
  groupInvitationAccept: action({
    params: idParams,
    method: 'POST',
    path: '/api/group/{id}/invitations/accept',
    subject: 'social.group.invitationAccept',
    summary: 'Accept the invitation: become a member',
  }),
  groupInvitationDecline: action({
    params: idParams,
    method: 'POST',
    path: '/api/group/{id}/invitations/decline',
    subject: 'social.group.invitationDecline',
    summary: 'Decline the invitation',
  }),
  groupInvitationWithdraw: action({
    method: 'DELETE',
    path: '/api/group/{groupId}/invitations/{userId}',
    subject: 'social.group.invitationWithdraw',
    summary:
      'Withdraw a pending invitation of a user (group admins). Not in §7 (the spec names no path for it): a DELETE of the invitation beside DELETE api/group/{groupId}/members/{userId}; the invitation ends as cancelled',
    params: groupUserParams,
  }),
  groupMemberRemove: action({
    method: 'DELETE',
    path: '/api/group/{groupId}/members/{userId}',
    subject: 'social.group.memberRemove',
    summary: 'Remove a member (group admins; never the owner)',
    params: groupUserParams,
  }),
  groupMemberAdmin: action({
    method: 'PUT',
    path: '/api/group/{groupId}/members/{userId}/admin',
    subject: 'social.group.memberAdmin',
    summary: 'Make a member a group admin or a plain member again (the owner)',
    params: groupUserParams,
    body: z.object({ admin: z.boolean() }),
  }),
} satisfies Record<string, RouteDef>;

/** §3 Idea: all five fields required (§5). */
export const ideaBody = z.object({
  author: requiredString().max(200, V.max(200)),
  current: requiredString().max(5000, V.max(5000)),
  improvement: requiredString().max(5000, V.max(5000)),
  changes: requiredString().max(5000, V.max(5000)),
  results: requiredString().max(5000, V.max(5000)),
});
export const ideaSchema = z.object({
  _id: z.string(),
  author_id: z.string(),
  author: z.string(),
  current: z.string(),
  improvement: z.string(),
  changes: z.string(),
  results: z.string(),
  status: z.enum(IDEA_STATUSES),
  created: z.string(),
  updated: z.string(),
});
export type Idea = z.infer<typeof ideaSchema>;

/** §3 Violation report: a sender name or anonymous, and the text (§5: required). */
export const violReportBody = z
  .object({
    anonymous: z.boolean().default(true),
    name: z.string().trim().max(200, V.max(200)).optional(),
    text: requiredString().max(10_000, V.max(10_000)),
  })
  .superRefine((v, ctx) => {
    if (!v.anonymous && !v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: V.required });
  });
/** A stored report: `day` is the only time kept (YYYY-MM-DD, UTC); no sender id, session, address or agent exists. */
export const violReportSchema = z.object({
  _id: z.string(),
  anonymous: z.boolean(),
  name: z.string().nullable(),
  text: z.string(),
  day: z.string(),
  handled: z.boolean(),
});
export type ViolReport = z.infer<typeof violReportSchema>;

/** POST api/user/send_idea, send_viol_report (§7 Users) and the administrators' lists (ideas, reports). */
export const ideaRoutes = {
  ideaSend: defineRoute({
    method: 'POST',
    path: '/api/user/send_idea',
    subject: 'social.idea.send',
    summary: 'Send an idea (author, current process, improvement, changes, results)',
    spec: '§7 Users, §5 idea',
    access: access.feature('ideas'),
    body: ideaBody,
    result: ideaSchema,
  }),
  ideaList: defineRoute({
    method: 'GET',
    path: '/api/idea',
    subject: 'social.idea.list',
    summary: "Ideas, newest first: every idea of the client for admins, the caller's own for others; filter by status",
    spec: '§3 Idea',
    access: access.feature('ideas'),
    query: pageQuery.extend({ status: z.enum(IDEA_STATUSES).optional(), mine: z.enum(['1', 'true']).optional() }),
    result: z.object({ ideas: z.array(ideaSchema), total: z.number(), page: z.number(), limit: z.number() }),
  }),
  ideaStatus: defineRoute({
    method: 'PUT',
    path: '/api/idea/{id}/status',
    subject: 'social.idea.status',
    summary: "Set an idea's status (admins); accepting raises evt.social.idea.accepted (the shop accrues coins)",
    spec: '§3 Idea, §7 Shop auto-accrual (good idea)',
    access: access.admin,
    params: idParams,
    body: z.object({ status: z.enum(IDEA_STATUSES) }),
    result: ideaSchema,
  }),
  violReportSend: defineRoute({
    method: 'POST',
    path: '/api/user/send_viol_report',
    subject: 'social.violReport.send',
    summary:
      "Send a violation report (Don't be silent). Anonymous route: the gateway passes the service only the client, logs nothing of the call; the row keeps the day only",
    spec: '§7 Users, §5 violation',
    access: access.feature('no_silent'),
    anonymous: true,
    body: violReportBody,
    result: z.object({ sent: z.boolean(), day: z.string() }),
  }),
  violReportList: defineRoute({
    method: 'GET',
    path: '/api/viol_report',
    subject: 'social.violReport.list',
    summary: "The client's violation reports, newest day first (admins); filter handled / not handled",
    spec: '§3 Violation report',
    access: access.admin,
    query: pageQuery.extend({ handled: z.enum(['0', '1']).optional() }),
    result: z.object({ reports: z.array(violReportSchema), total: z.number(), page: z.number(), limit: z.number() }),
  }),
  violReportHandled: defineRoute({
    method: 'PUT',
    path: '/api/viol_report/{id}/handled',
    subject: 'social.violReport.handled',
    summary: 'Mark a report handled (or not) (admins)',
    spec: '§3 Violation report',
    access: access.admin,
    params: idParams,
    body: z.object({ handled: z.boolean().default(true) }),
    result: violReportSchema,
  }),
} satisfies Record<string, RouteDef>;

/** Group, idea and report events (DESIGN §6). `userIds` narrows the realtime audience (closed/private groups). */
export const groupEvents = {
  groupChanged: defineEvent(
    'evt.social.group.changed',
    z.object({
      _id: z.string(),
      /** The group's name (notifications name the group); absent in events written before it was added. */
      name: z.string().optional(),
      /** What happened: created, updated, deleted, joined, left, removed, requested, approved, rejected, cancelled, invited, withdrawn, accepted, declined, owner, admin. */
      action: z.string(),
      /** Who did it and whom it concerns (consumers: notifications). */
      by: z.string().nullable(),
      user_ids: z.array(z.string()),
      /** On `requested`: the group's owner and admins, who decide the request (notifications tells them). */
      admin_ids: z.array(z.string()).optional(),
      /** Sockets that get it: the group's members and the people concerned (every socket of the client when absent: public groups). */
      userIds: z.array(z.string()).optional(),
    }),
  ),
  ideaSent: defineEvent('evt.social.idea.sent', z.object({ _id: z.string(), author_id: z.string(), userIds: z.array(z.string()).optional() })),
  /** An idea was accepted: the shop accrues the author's "good idea" coins. */
  ideaAccepted: defineEvent('evt.social.idea.accepted', z.object({ _id: z.string(), author_id: z.string(), by: z.string().nullable() })),
  ideaStatusChanged: defineEvent(
    'evt.social.idea.status',
    z.object({ _id: z.string(), author_id: z.string(), status: z.enum(IDEA_STATUSES), userIds: z.array(z.string()).optional() }),
  ),
  /** A report arrived: no id, no sender, no time but the day (admins' lists reload). */
  violReportSent: defineEvent('evt.social.viol_report.sent', z.object({ day: z.string() })),
  violReportHandled: defineEvent('evt.social.viol_report.handled', z.object({ _id: z.string(), handled: z.boolean() })),
} satisfies Record<string, EventDef>;
