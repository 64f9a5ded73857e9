import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { calendarRoutes } from '@intranet/calendar-contract';
import { peopleClient, type PeopleClient } from '@intranet/people-contract/lookup';
import { requireCaller, type Bus, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { canSee } from './access.ts';
import { EventsRepository, FeedsRepository, type FullEvent } from './calendar.repository.ts';
import type { IcsPerson } from './ics.ts';

/** The .ics writer (ical-generator, the tz data) on the first file asked for, not at start-up (issue 39). */
const ics = () => import('./ics.ts');

type In<K extends keyof typeof calendarRoutes> = RouteInput<(typeof calendarRoutes)[K]>;

const feedPath = (token: string) => `/api/event/feed/${token}`;

/** The calendar as .ics (RFC 5545): one event's file and each user's private feed behind a secret token. */
@Injectable()
export class FeedsService {
  private readonly people: PeopleClient;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.bus) bus: Bus,
    private readonly events: EventsRepository,
    private readonly feeds: FeedsRepository,
  ) {
    this.people = peopleClient(bus);
  }

  /**
   * Names and e-mails of the organisers and members of `list` for an .ics file (users people does not find in the
   * client are left out; a failing people service stays 503).
   */
  private async peopleOf(clientId: string, list: FullEvent[]): Promise<Map<string, IcsPerson>> {
    const ids = [...new Set(list.flatMap((e) => [e.row.organiserId, ...e.members]))];
    const found = await Promise.all(ids.map(async (id) => [id, await this.people.user(clientId, id)] as const));
    return new Map(found.flatMap(([id, u]) => (u ? [[id, { name: u.fullName, email: u.email }] as const] : [])));
  }

  /** GET /api/event/{id}/ics: one event (a series with its RRULE, EXDATEs and moved occurrences) as .ics text. Errors: 404. */
  async ics({ params }: In<'eventIcs'>, ctx: RequestContext): Promise<string> {
    const ev = await this.db.inTenant(ctx, (tx) => this.events.find(tx, params.id));
    if (!ev || !canSee(ctx, ev)) throw Errors.notFound();
    // People are asked after the transaction (a bus round trip should not hold a connection).
    return (await ics()).buildIcs(ev.row.name, [ev], await this.peopleOf(ev.row.clientId, [ev]));
  }

  /** GET /api/event/feed → {token, path} of the caller's private feed, or nulls when none is issued. */
  async feedGet(_input: In<'feedGet'>, ctx: RequestContext): Promise<{ token: string | null; path: string | null }> {
    return this.db.inTenant(ctx, async (tx) => {
      const f = await this.feeds.get(tx, ctx.userId!);
      return { token: f?.token ?? null, path: f ? feedPath(f.token) : null };
    });
  }

  /** POST /api/event/feed → a new secret link (the previous one stops working). Errors: 403 (no client or user). */
  async feedIssue(_input: In<'feedIssue'>, ctx: RequestContext): Promise<{ token: string; path: string }> {
    return this.db.inTenant(ctx, async (tx) => {
      const { clientId, userId } = requireCaller(ctx);
      const token = randomBytes(24).toString('base64url');
      await this.feeds.set(tx, userId, clientId, token);
      return { token, path: feedPath(token) };
    });
  }

  /** DELETE /api/event/feed → {revoked}: the caller's link stops working. */
  async feedRevoke(_input: In<'feedRevoke'>, ctx: RequestContext): Promise<{ revoked: boolean }> {
    return this.db.inTenant(ctx, async (tx) => ({ revoked: await this.feeds.revoke(tx, ctx.userId!) }));
  }

  /**
   * GET /api/event/feed/{token} (public, the token is the secret): the token owner's events as an .ics feed.
   * Errors: 404 for an unknown or revoked token.
   */
  async feed({ params }: In<'feedIcs'>): Promise<string> {
    const owner = await this.db.asSystem('calendar feed token', (tx) => this.feeds.byToken(tx, params.token));
    if (!owner) throw Errors.notFound();
    const list = await this.db.inTenant({ clientId: owner.clientId, userId: owner.userId }, (tx) => this.events.ofUser(tx, owner.userId));
    return (await ics()).buildIcs('Intranet', list, await this.peopleOf(owner.clientId, list));
  }
}
