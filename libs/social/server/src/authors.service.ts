import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { UserEventData } from '@intranet/people-contract';
import type { PeopleClient } from '@intranet/people-contract/lookup';
import { SOCIAL_TEXT } from '@intranet/social-contract';
import { requireClient, type BusEvent, type RequestContext } from '@intranet/platform-bus';
import { afterCommit, batchedApply, type Database, type Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { AuthorsRepository } from './authors.repository.ts';
import { FeedService } from './feed.service.ts';
import { authorFromUser } from './mapping.ts';
import { PEOPLE_CLIENT } from './social.tokens.ts';

/** The durable consumer keeping social's projection of users (DESIGN §6: projections must not miss an event). */
export const AUTHORS_CONSUMER = 'social-users';

const userNotFound = (field: string) => new DomainError('validation', SOCIAL_TEXT.userNotFound, { errors: [{ field, message: SOCIAL_TEXT.userNotFound }] });

/** social's projection of people's users (`social.authors`: names, avatars, birthdays) and the checks on user ids. */
@Injectable()
export class AuthorsService {
  /** `${clientId}:${userId}` of projection rows seen (they are never deleted: a deleted user keeps a mark). */
  private readonly known = new LRUCache<string, true>({ max: 100_000 });

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PEOPLE_CLIENT) private readonly people: PeopleClient,
    private readonly authors: AuthorsRepository,
    private readonly feed: FeedService,
  ) {}

  /**
   * Makes sure the projection knows these users of the caller's client, asking people (as the service, not the
   * caller: a mention must not depend on the author's address-book right) for any it has not seen yet.
   * `strict`: an unknown id (or another client's) raises 400 'User not found' on `field`, and a failing people
   * service stays its error (503); otherwise both are skipped. Errors: 403 without a client.
   */
  async ensure(ctx: RequestContext, ids: string[], opts: { field: string; strict: boolean }): Promise<void> {
    const clientId = requireClient(ctx);
    const want = [...new Set(ids)].filter((i) => !this.known.has(`${clientId}:${i}`));
    if (!want.length) return;
    const have = new Set((await this.db.inTenant(ctx, (tx) => this.authors.byIds(tx, want))).map((a) => a.id));
    for (const id of have) this.known.set(`${clientId}:${id}`, true);
    for (const id of want.filter((i) => !have.has(i))) {
      // The projection has not seen this user yet (events are asynchronous): ask the owner once.
      const u = await this.people.user(clientId, id).catch((err: unknown) => {
        if (opts.strict) throw err;
        return null;
      });
      if (!u) {
        if (opts.strict) throw userNotFound(opts.field);
        continue;
      }
      await this.db.inTenant(ctx, (tx) => this.authors.upsert(tx, authorFromUser(u, new Date())));
    }
  }

  /** A user id of a path: 404 unless it is a user of the caller's client (another client's id reads as unknown). */
  async mustBeOfClient(ctx: RequestContext, id: string, field = 'id'): Promise<void> {
    try {
      await this.ensure(ctx, [id], { field, strict: true });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'validation') throw Errors.notFound();
      throw err;
    }
  }

  /**
   * evt.people.user.* → `social.authors` (name, avatar, position, birthday, deletion mark). Bulk role events carry
   * no user and are skipped; an older event never overwrites a newer state. Feed rows carry the author's name and
   * avatar, so the client's wall window is reloaded.
   */
  project(e: BusEvent<Partial<UserEventData>>): Promise<void> {
    if (!e.data?._id || !e.data.client_id) return Promise.resolve();
    // A burst (an import's user events) goes in one transaction per client (`batchedApply`, issue 39).
    this.batch ??= batchedApply(
      this.db,
      (x) => x.data.client_id,
      (tx, x) => this.projectIn(tx, x),
    );
    return this.batch(e);
  }

  private batch?: (e: BusEvent<Partial<UserEventData>>) => Promise<void>;

  private async projectIn(tx: Tx, e: BusEvent<Partial<UserEventData>>): Promise<void> {
    const u = e.data;
    const clientId = u.client_id!;
    await this.authors.upsert(tx, {
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
    });
    afterCommit(tx, () => this.feed.model?.reload(clientId));
  }
}
