import { Inject, Injectable } from '@nestjs/common';
import { CHAT_TEXT } from '@intranet/chat-contract';
import type { UserEventData } from '@intranet/people-contract';
import { peopleClient, type PeopleClient } from '@intranet/people-contract/lookup';
import type { Bus, BusEvent, RequestContext } from '@intranet/platform-bus';
import { batchedApply, type Database } from '@intranet/platform-db';
import { DomainError } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { ChatRepository } from './chat.repository.ts';
import { personOf } from './mapping.ts';
import type { PersonRow } from './schema.ts';

const unique = (ids: string[]) => [...new Set(ids.map((s) => s.toLowerCase()))];
/** How long a sender's name is reused (ms): a rename shows in new messages within that; each message keeps its copy. */
const NAME_TTL_MS = 60_000;

/**
 * Chat's projection of people's users (names, avatars, deletion marks): kept by `evt.people.user.*` and filled on
 * demand through the people client (a failing people service stays 503; only "not found" is a user not found).
 */
@Injectable()
export class ChatPeopleService {
  private readonly people: PeopleClient;
  private readonly names = new Map<string, { name: string; until: number }>();

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.bus) bus: Bus,
    private readonly repo: ChatRepository,
  ) {
    this.people = peopleClient(bus);
  }

  /**
   * The projection rows of these users of the caller's client, asking people for any not seen yet. `strict`: an
   * unknown (or another client's) id raises 400 'User not found' on `field`; otherwise it is left out.
   */
  async ensure(ctx: RequestContext, clientId: string, ids: string[], field: string, strict = true): Promise<Map<string, PersonRow>> {
    const want = unique(ids);
    const have = new Map((await this.db.inTenant(ctx, (tx) => this.repo.people(tx, want))).map((p) => [p.id, p]));
    for (const id of want.filter((i) => !have.has(i))) {
      const u = await this.people.user(clientId, id).catch((err: unknown) => {
        // An id people refuses as malformed is a user not found too.
        if (err instanceof DomainError && err.kind === 'validation') return null;
        throw err;
      });
      if (!u) {
        if (!strict) continue;
        throw new DomainError('validation', CHAT_TEXT.userNotFound, { errors: [{ field, message: CHAT_TEXT.userNotFound }] });
      }
      const p = personOf(u, clientId, new Date(0));
      await this.db.inTenant(ctx, (tx) => this.repo.upsertPerson(tx, p));
      have.set(id, { ...p });
    }
    return have;
  }

  /** The name a message of `me` carries (reused for NAME_TTL_MS; '' when people does not know them). */
  async senderName(ctx: RequestContext, clientId: string, me: string): Promise<string> {
    const hit = this.names.get(me);
    if (hit && hit.until > Date.now()) return hit.name;
    const name = (await this.ensure(ctx, clientId, [me], 'me', false)).get(me)?.name ?? '';
    if (this.names.size > 10_000) this.names.clear();
    this.names.set(me, { name, until: Date.now() + NAME_TTL_MS });
    return name;
  }

  /**
   * evt.people.user.* → chat.people (name, avatar, deletion mark); bulk role events carry no user and are skipped;
   * an older event never overwrites a newer state.
   */
  project(e: BusEvent<Partial<UserEventData>>): Promise<void> {
    if (!e.data?._id || !e.data.client_id) return Promise.resolve();
    // A burst (an import's user events) goes in one transaction per client (`batchedApply`, issue 39).
    this.batch ??= batchedApply(
      this.db,
      (x) => x.data.client_id,
      async (tx, x) => {
        await this.repo.upsertPerson(tx, personOf({ ...x.data, _id: x.data._id! }, x.data.client_id!, new Date(x.at)));
      },
    );
    return this.batch(e);
  }

  private batch?: (e: BusEvent<Partial<UserEventData>>) => Promise<void>;
}
