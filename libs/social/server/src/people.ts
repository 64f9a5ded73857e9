import type { UserEventData } from '@intranet/people-contract';
import { SOCIAL_TEXT, socialEvents, type socialRoutes } from '@intranet/social-contract';
import type { BusEvent, EventHandler, RouteHandlers } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';
import { feedWhere, authorsRepository, followsRepository } from './repository.ts';
import type { AuthorRow } from './schema.ts';
import type { Kit } from './support.ts';

type PeopleRoutes = Pick<typeof socialRoutes, 'follow' | 'unfollow' | 'allThanks' | 'birthdays'>;

/** The durable consumer keeping social's projection of users (DESIGN §6: projections must not miss an event). */
export const AUTHORS_CONSUMER = 'social-users';

/**
 * Keeps `social.authors` in step with `evt.people.user.*` (name, avatar, position, birthday, deletion mark).
 * Bulk role events carry no user and are skipped; an older event never overwrites a newer state. Bound by
 * SocialModule as a durable consumer (AUTHORS_CONSUMER, replay: a social-service deployed after people already
 * had users still projects them; the stream keeps 7 days).
 */
export function authorsProjection(kit: Pick<Kit, 'db' | 'feed'>): EventHandler<Partial<UserEventData>> {
  return async (e: BusEvent<Partial<UserEventData>>) => {
    const u = e.data;
    if (!u?._id || !u.client_id) return;
    const clientId = u.client_id;
    await kit.db.inTenant({ clientId }, (tx) =>
      authorsRepository.upsert(tx, {
        id: u._id!,
        clientId,
        firstName: u.firstName ?? u.fullName?.split(' ')[0] ?? null,
        lastName: u.lastName ?? u.fullName?.split(' ').slice(1).join(' ') ?? null,
        avatar: u.avatar ?? null,
        position: u.position ?? null,
        department: u.department ?? null,
        birthDate: u.birthDate || null,
        workingSince: u.workingSince || null,
        deletionMark: Boolean(u.deletion_mark),
        version: new Date(e.at),
      }),
    );
    // Feed rows carry the author's name and avatar.
    kit.feed?.reload(clientId);
  };
}

const DAY = 86_400_000;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The next birthday on or after `today` (29 February is kept on 28 February in other years). */
export function nextBirthday(birthDate: string, today: string): { next: string; daysLeft: number } {
  const [, m, d] = birthDate.split('-').map(Number);
  const t = Date.parse(`${today}T00:00:00Z`);
  let y = Number(today.slice(0, 4));
  const at = (year: number) => Date.UTC(year, m - 1, m === 2 && d === 29 && !isLeap(year) ? 28 : d);
  if (at(y) < t) y++;
  const n = at(y);
  return { next: new Date(n).toISOString().slice(0, 10), daysLeft: Math.round((n - t) / DAY) };
}

/** Follows, the thanks widget and the birthdays widget (§7 Follow, §7 Clients all_thanks and birthdays). */
export function peopleHandlers(kit: Kit): RouteHandlers<PeopleRoutes> {
  const { db, outbox } = kit;

  const followState = async (ctx: Parameters<Kit['clientOf']>[0], userId: string, following: boolean) => {
    const clientId = kit.clientOf(ctx);
    const me = kit.userOf(ctx);
    const followers = await db.inTenant(ctx, async (tx) => {
      if (following) await followsRepository.add(tx, clientId, me, userId);
      else await followsRepository.remove(tx, me, userId);
      const n = await followsRepository.followers(tx, userId);
      await outbox.add(tx, socialEvents.followChanged, clientId, { follower_id: me, user_id: userId, following, followers: n });
      return n;
    });
    return { user_id: userId, following, followers };
  };

  return {
    /** §7 POST api/follow {user_id}: follow a colleague (again is harmless). Errors: 'User not found', cannot follow yourself. */
    follow: async ({ body }, ctx) => {
      if (body.user_id === ctx.userId) throw Errors.field('user_id', SOCIAL_TEXT.cannotFollowSelf);
      await kit.ensureAuthors(ctx, [body.user_id], { field: 'user_id', strict: true });
      return followState(ctx, body.user_id, true);
    },

    /** §7 POST api/unfollow {user_id}: stop following (not following is harmless). Errors: 'User not found' (another client's too). */
    unfollow: async ({ body }, ctx) => {
      await kit.ensureAuthors(ctx, [body.user_id], { field: 'user_id', strict: true });
      return followState(ctx, body.user_id, false);
    },

    /** §7 GET api/clients/{id}/all_thanks: the client's thank-you posts, newest first, 20 a page. Errors: 404 for another client. */
    allThanks: async ({ params, query }, ctx) => {
      if (params.id !== ctx.clientId) throw Errors.notFound();
      return kit.pageOf(ctx, feedWhere.thanks, query);
    },

    /**
     * §7 GET api/clients/{id}/birthdays?days&today: employees (not deleted) by their next birthday, from social's
     * projection of people; `days` keeps those within that many days; `offset`/`limit` page the list (today's and
     * the nearest first, so a page never splits the order). Errors: 404 for another client.
     */
    birthdays: async ({ params, query }, ctx) => {
      if (params.id !== ctx.clientId) throw Errors.notFound();
      const clientId = params.id;
      const rows: AuthorRow[] = await db.inTenant(ctx, (tx) => authorsRepository.withBirthdays(tx, clientId));
      const today = query.today ?? new Date().toISOString().slice(0, 10);
      return rows
        .map((a) => ({
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
        }))
        .filter((b) => query.days === undefined || b.daysLeft <= query.days)
        .sort((x, y) => x.daysLeft - y.daysLeft || x.fullName.localeCompare(y.fullName) || x._id.localeCompare(y._id))
        .slice(query.offset ?? 0, query.limit === undefined ? undefined : (query.offset ?? 0) + query.limit);
    },
  };
}
