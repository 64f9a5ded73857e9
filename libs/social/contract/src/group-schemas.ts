import { optionalUrl, requiredString, V, z } from '@intranet/platform-contracts';

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

const groupFields = {
  name: requiredString().max(GROUP_NAME_MAX, V.max(GROUP_NAME_MAX)),
  description: requiredString().max(GROUP_DESCRIPTION_MAX, V.max(GROUP_DESCRIPTION_MAX)),
  type: z.enum(GROUP_TYPES, { error: V.required }),
  /** Cover image: the uploaded file's URL (POST api/upload) or another safe URL (issue 38 §8); null removes it. */
  cover: optionalUrl(500),
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
