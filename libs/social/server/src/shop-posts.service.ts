import { Inject, Injectable } from '@nestjs/common';
import { shopEvents } from '@intranet/shop-contract';
import { socialEvents } from '@intranet/social-contract';
import { systemContext, type BusEvent } from '@intranet/platform-bus';
import type { Database } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { AuthorsRepository } from './authors.repository.ts';
import { AuthorsService } from './authors.service.ts';
import { toFeedPost, type Signer } from './mapping.ts';
import { PostsRepository } from './posts.repository.ts';
import { SOCIAL_OUTBOX, SOCIAL_SIGNER } from './social.tokens.ts';
import { prepareMessage } from './text.ts';

/** Durable consumer name of the shop's "publish to wall" accruals. */
export const SHOP_POSTS_CONSUMER = 'social-shop-accruals';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The wall text of a published accrual: who received how many coins for what, and the manager's comment. */
export function accrualMessage(a: { userId: string; amount: number; achievement: { name: string } | null; comment: string }, name: string): string {
  const who = `<span data-mention="${a.userId}">${escape(name)}</span>`;
  const what = a.achievement ? ` for “${escape(a.achievement.name)}”` : '';
  return `<p>${who} received ${a.amount} coins${what}</p>${a.comment ? `<p>${escape(a.comment)}</p>` : ''}`;
}

/**
 * "Publish to wall" (§3 accrual, issue 32): an accrual of the shop marked `publish` becomes a system post on the
 * company wall, written by the manager who accrued and mentioning the recipient. The post takes the accrual's id,
 * so a redelivered event adds nothing.
 */
@Injectable()
export class ShopPostsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(SOCIAL_OUTBOX) private readonly outbox: Outbox,
    @Inject(SOCIAL_SIGNER) private readonly sign: Signer,
    private readonly authors: AuthorsService,
    private readonly posts: PostsRepository,
    private readonly people: AuthorsRepository,
  ) {}

  /** On evt.shop.accrual.made with `publish`: the system post and evt.social.post.created, once per accrual. */
  async onAccrued(evt: BusEvent<unknown>): Promise<void> {
    const parsed = shopEvents.accrued.payload.safeParse(evt.data);
    if (!parsed.success || !parsed.data.publish || !evt.clientId) return;
    const a = parsed.data;
    const clientId = evt.clientId;
    const ctx = systemContext(clientId);
    const authorId = a.by ?? a.userId;
    await this.authors.ensure(ctx, [authorId, a.userId], { field: 'mentions', strict: false });
    await this.db.inTenant(ctx, async (tx) => {
      if (await this.posts.byId(tx, a._id)) return;
      const people = await this.people.byIds(tx, [authorId, a.userId]);
      const who = people.find((p) => p.id === a.userId);
      const name = who ? `${who.firstName} ${who.lastName}`.trim() : '';
      const { message, mentions } = prepareMessage(accrualMessage(a, name), [a.userId]);
      const now = new Date();
      const inserted = await this.posts.insert(tx, {
        id: a._id,
        clientId,
        authorId,
        type: 'post',
        parentType: 'system',
        parentId: null,
        parentWhere: null,
        onWall: true,
        message,
        mentions,
        attachments: [],
        createdAt: now,
        updatedAt: now,
      });
      const post = toFeedPost(this.posts.newFeedRow(inserted, people), this.sign);
      await this.outbox.add(tx, socialEvents.postCreated, clientId, { post });
    });
  }
}
