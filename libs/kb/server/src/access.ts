import { isAdmin, type Caller, type RequestContext } from '@intranet/platform-bus';
import { FEATURE_OF_RIGHT, type FeatureRight } from '@intranet/platform-contracts';
import { Errors } from '@intranet/platform-errors';

export { grantLevelOf, HEAD_ROLE, workingTimeOf, type GrantSubject, type WorkingTime } from '@intranet/kb-contract/grants';
import { HEAD_ROLE, workingTimeOf, type GrantSubject } from '@intranet/kb-contract/grants';

/** Who is reading: what §6 grants match on, plus the client, admin flag and feature rights. */
export interface Viewer extends GrantSubject {
  clientId: string;
  admin: boolean;
  /** Feature rights (§6): knowledge_base, vacancies, kb_files. */
  roles: readonly string[];
  /**
   * Client features switched off for the viewer's client (§6, from the gateway's request context): their rights
   * count as missing, for administrators too. Empty for the superadmin, who switches features.
   */
  featuresOff?: readonly string[];
}

/** The viewer and the levels the client's restricting nodes give them (acl id → 1 read / 2 write; absent: none). */
export interface Reader extends Viewer {
  /** Shared with other requests through the cache: never modified. */
  acl: ReadonlyMap<string, number>;
}

/** The reader's level on a row: 2 write (admins, write grants), 1 read (read grants, or no grants up the tree), 0 none. */
export function levelOn(r: Pick<Reader, 'admin' | 'acl'>, row: { aclId: string | null }): number {
  if (r.admin) return 2;
  if (!row.aclId) return 1;
  return r.acl.get(row.aclId) ?? 0;
}

/**
 * Whether the viewer has a feature right (§6); admins have all — unless the right's client feature is switched
 * off for the client (§6 "Clients have toggleable features"), which closes it to everyone in it.
 */
export const hasRight = (v: Pick<Viewer, 'admin' | 'roles' | 'featuresOff'>, right: string) => {
  const feature = FEATURE_OF_RIGHT[right as FeatureRight];
  if (feature && v.featuresOff?.includes(feature)) return false;
  return v.admin || v.roles.includes(right);
};

/** The feature right a section needs (§6: knowledge base, vacancies). */
export const sectionRight = (section: string) => (section === 'vacancy' ? 'vacancies' : 'knowledge_base');

/** Whether the reader may open a node for `need` (1 read, 2 write): the section's feature right and the grants. */
export const mayOpen = (r: Reader, row: { section: string; aclId: string | null }, need: 1 | 2) =>
  hasRight(r, sectionRight(row.section)) && levelOn(r, row) >= need;

/** The switched-off client features a call is held to: none for the superadmin (the gateway exempts them too). */
export const featuresOffOf = (ctx: Pick<RequestContext, 'roles' | 'featuresOff'>): string[] =>
  ctx.roles.includes('superadmin') ? [] : [...(ctx.featuresOff ?? [])];

/** The client feature of a tag or links-block module (§6): kb → knowledge base, vacancy → vacancies; others none. */
export const MODULE_FEATURE: Readonly<Record<string, string>> = { kb: 'knowledge_base', vacancy: 'vacancies' };

/**
 * Refuses a tag or links-block call on a module whose client feature is switched off (§6), for administrators too
 * (not the superadmin). Errors: 403 'No access'.
 */
export function assertModuleOn(ctx: Pick<RequestContext, 'roles' | 'featuresOff'>, module: string): void {
  const feature = MODULE_FEATURE[module];
  if (feature && featuresOffOf(ctx).includes(feature)) throw Errors.noAccess();
}

/** 404 unless `client` (a route parameter) is the caller's client: another client's objects do not exist (§6). */
export function assertSameClient(caller: Pick<Caller, 'clientId'>, client: string): void {
  if (client !== caller.clientId) throw Errors.notFound();
}

/** Whether the caller may change a tag (administrators, or its author; §7 Tags). */
export const mayChangeTag = (caller: Pick<Caller, 'admin' | 'userId'>, tag: { authorId: string | null }) => caller.admin || tag.authorId === caller.userId;

/** Whether the reader may read a vacancy's responses (administrators and its receivers). */
export const mayReadResponses = (r: Pick<Viewer, 'admin' | 'userId'>, vacancy: { receivers: readonly string[] }) =>
  r.admin || vacancy.receivers.includes(r.userId);

/** Whether the reader may download a response's CV: administrators, the vacancy's receivers and the responder. */
export const mayReadCv = (r: Pick<Viewer, 'admin' | 'userId'>, vacancy: { receivers: readonly string[] }, responder: string | undefined) =>
  mayReadResponses(r, vacancy) || responder === r.userId;

/** The member attributes a viewer is built from (a kb.members row). */
export interface MemberAttributes {
  id: string;
  roles: readonly string[];
  department: string | null;
  position: string | null;
  city: string | null;
  workingSince: string | null;
}

/**
 * The viewer of a call (pure). `member` null: an administrator acting for themselves, who needs no attributes (they
 * read and write everything in their client). Otherwise the member's attributes, with the caller's own verified
 * roles when they are the member, else the member's roles (an administrator asking on someone's behalf).
 */
export function viewerOf(caller: Caller, ctx: Pick<RequestContext, 'roles' | 'featuresOff'>, member: MemberAttributes | null): Viewer {
  const featuresOff = featuresOffOf(ctx);
  if (!member) {
    const none = { department: null, position: null, city: null, workingTime: null };
    return { userId: caller.userId, clientId: caller.clientId, admin: true, head: caller.roles.includes(HEAD_ROLE), ...none, roles: caller.roles, featuresOff };
  }
  const roles = member.id === caller.userId ? caller.roles : member.roles;
  return {
    userId: member.id,
    clientId: caller.clientId,
    admin: isAdmin(roles),
    head: roles.includes(HEAD_ROLE),
    department: member.department,
    position: member.position,
    city: member.city,
    workingTime: workingTimeOf(member.workingSince),
    roles,
    featuresOff,
  };
}

/** Cache key of a viewer's grant-level map: the client and every attribute the grant resolution reads. */
export const aclKey = (v: Pick<Viewer, 'clientId' | 'userId' | 'head' | 'department' | 'position' | 'city' | 'workingTime'>) =>
  JSON.stringify([v.clientId, v.userId, v.head, v.department, v.position, v.city, v.workingTime]);
