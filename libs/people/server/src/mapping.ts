import type { User, UserEventData } from '@intranet/people-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { UserRow } from './schema.ts';

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

/** Whether the caller is the superadmin. */
export const isSuper = (ctx: RequestContext) => ctx.roles.includes('superadmin');
/** Whether the caller has admin rights (§6: they also hold for the superadmin). */
export const isAdmin = (ctx: RequestContext) => isSuper(ctx) || ctx.roles.includes('admin');

/** The user event payload (peopleEvents.user*): what other services' projections need. */
export function userEventData(u: User): UserEventData {
  return {
    _id: u._id,
    client_id: u.client_id,
    fullName: u.fullName,
    firstName: u.firstName,
    lastName: u.lastName,
    avatar: u.avatar,
    position: u.position,
    department: u.department,
    birthDate: u.birthDate,
    workingSince: u.workingSince,
    pinned_num: u.pinned_num,
    roles: u.roles,
    deletion_mark: u.deletion_mark,
  };
}
