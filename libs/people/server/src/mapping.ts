import type { PinnedUser, User, UserEventData } from '@intranet/people-contract';
import type { Department, DepartmentEvent, DepartmentKind, DeptUsers, Project, Vacation } from '@intranet/people-contract/structure';
import type { DepartmentRow, ProjectRow, UserRow, VacationRow } from './schema.ts';
import type { Members } from './structure.repository.ts';

const blankToNull = (v: string | null | undefined) => (v === '' || v === undefined ? null : v);

/** Row → §3 User as the API returns it (derived fullName and pics; never the password hash). */
export function toUser(r: UserRow): User {
  return {
    _id: r.id,
    client_id: r.clientId,
    roles: r.roles,
    lang: r.lang,
    firstName: r.firstName,
    lastName: r.lastName,
    middleName: r.middleName,
    fullName: [r.firstName, r.lastName].filter(Boolean).join(' '),
    email: r.email,
    login: r.login,
    phone: r.phone,
    internalPhone: r.internalPhone,
    position: r.position,
    department: r.department,
    cabinet: r.cabinet,
    city: r.city,
    gender: r.gender,
    birthDate: r.birthDate,
    workingSince: r.workingSince,
    inn: r.inn,
    kpp: r.kpp,
    organisation: r.organisation,
    about: r.about,
    avatar: r.avatar,
    avatar_big: r.avatarBig,
    cover: r.cover,
    googleImage: r.googleImage,
    pics: r.avatar ? [{ src: r.avatarBig ?? r.avatar, mini: r.avatar }] : [],
    social: r.social,
    chiefCode: r.chiefCode,
    vacationDays: r.vacationDays,
    pinned_num: r.pinnedNum,
    deletion_mark: r.deletionMark,
    status: r.deletionMark ? 'deleted' : r.status,
    created: r.createdAt.toISOString(),
  };
}

/** Validated profile input → column values (empty strings stored as null). */
export function profileColumns(v: Record<string, unknown>): Partial<UserRow> {
  const s = (k: string) => (k in v ? blankToNull(v[k] as string | null) : undefined);
  const out: Partial<UserRow> = {
    firstName: v.firstName as string | undefined,
    lastName: v.lastName as string | undefined,
    middleName: s('middleName'),
    email: v.email as string | undefined,
    login: s('login'),
    phone: s('phone'),
    internalPhone: s('internalPhone'),
    position: s('position'),
    department: s('department'),
    cabinet: s('cabinet'),
    city: s('city'),
    gender: v.gender as string | undefined,
    birthDate: s('birthDate'),
    workingSince: s('workingSince'),
    inn: s('inn'),
    kpp: s('kpp'),
    organisation: s('organisation'),
    about: s('about'),
    lang: v.lang as string | undefined,
    avatar: s('avatar'),
    avatarBig: s('avatar_big'),
    cover: s('cover'),
    social: v.social as Record<string, string> | undefined,
    chiefCode: s('chiefCode'),
    vacationDays: v.vacationDays as number | undefined,
  };
  for (const k of Object.keys(out) as (keyof UserRow)[]) if (out[k] === undefined) delete out[k];
  return out;
}

/**
 * The user event payload (peopleEvents.user*): what other services' projections need. `avatar` is the picture to
 * show: the user's own, else their Google picture (§3 googleImage, issue 37).
 */
export function userEventData(u: User, deactivatedOn?: string | null): UserEventData {
  return {
    _id: u._id,
    client_id: u.client_id,
    fullName: u.fullName,
    firstName: u.firstName,
    lastName: u.lastName,
    avatar: u.avatar ?? u.googleImage ?? null,
    position: u.position,
    department: u.department,
    birthDate: u.birthDate,
    workingSince: u.workingSince,
    pinned_num: u.pinned_num,
    roles: u.roles,
    deletion_mark: u.deletion_mark,
    ...(deactivatedOn !== undefined ? { deactivatedOn } : {}),
  };
}

/** A pinned user as the wall's block shows them (GET api/user/pinned). */
export function toPinned(r: UserRow): PinnedUser {
  const u = toUser(r);
  return {
    _id: u._id,
    fullName: u.fullName,
    firstName: u.firstName,
    lastName: u.lastName,
    avatar: u.avatar ?? u.googleImage ?? null,
    position: u.position,
    department: u.department,
    pinned_num: r.pinnedNum!,
  };
}

/** Depth of a materialised path: '/root/' is 0, '/root/child/' 1. */
export const depthOf = (path: string): number => path.split('/').length - 3;

/** Row (and its members and head, if read) → §3 Department. */
export const toDepartment = (r: DepartmentRow, m?: Members): Department => ({
  _id: r.id,
  client_id: r.clientId,
  kind: r.kind,
  name: r.name,
  description: r.description,
  parent: r.parentId,
  depth: depthOf(r.path),
  manager: m?.head ?? null,
  employees: m?.users ?? [],
});

/** A department's §3 department-user record. */
export const toDeptUsers = (deptId: string, clientId: string, m: Members): DeptUsers => ({
  _id: deptId,
  dept_id: deptId,
  users: m.users,
  headUser: m.head,
  client_id: clientId,
});

/** The evt.people.department.created|updated payload of a department row (`moved`: updated only). */
export const departmentEvent = (r: DepartmentRow, by: string | null | undefined, moved?: boolean): DepartmentEvent => ({
  _id: r.id,
  kind: r.kind,
  name: r.name,
  parent: r.parentId,
  ...(moved !== undefined ? { moved } : {}),
  by: by ?? null,
});

/**
 * The evt.people.dept_users.updated payload of a department's record `rec` against its members and head `before`;
 * null when neither changed (nothing to publish).
 */
export function deptUsersEvent(rec: DeptUsers, kind: DepartmentKind, before: Members, by: string | null | undefined) {
  const was = new Set(before.users);
  const now = new Set(rec.users);
  const added = rec.users.filter((u) => !was.has(u));
  const removed = before.users.filter((u) => !now.has(u));
  if (!added.length && !removed.length && before.head === rec.headUser) return null;
  return { ...rec, kind, added, removed, previousHead: before.head, by: by ?? null };
}

/** Row → §3 Vacation. */
export const toVacation = (r: VacationRow): Vacation => ({
  _id: r.id,
  user: r.userId,
  client_id: r.clientId,
  start: r.start,
  end: r.end,
  days: r.days,
  planned: r.planned,
});

/** Row and its participants → §3 project. */
export const toProject = (r: ProjectRow, participants: string[]): Project => ({
  _id: r.id,
  client_id: r.clientId,
  name: r.name,
  description: r.description,
  creatorId: r.creatorId,
  participants,
  dept_id: r.deptId,
  created: r.createdAt.toISOString(),
});
