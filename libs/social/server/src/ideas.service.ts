import { Inject, Injectable } from '@nestjs/common';
import { groupEvents, type ideaRoutes } from '@intranet/social-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { ownIdeasOnly } from './access.ts';
import { pageOf } from './group-state.service.ts';
import { IdeasRepository } from './ideas.repository.ts';
import { toIdea } from './mapping.ts';
import { SOCIAL_OUTBOX } from './social.tokens.ts';

type In<K extends keyof typeof ideaRoutes> = RouteInput<(typeof ideaRoutes)[K]>;

/** §7 send_idea and the ideas list with their status (admins decide). */
@Injectable()
export class IdeasService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(SOCIAL_OUTBOX) private readonly outbox: Outbox,
    private readonly repo: IdeasRepository,
  ) {}

  /** §7 POST api/user/send_idea {author, current, improvement, changes, results} (all required, §5). Output: the stored idea (status new). */
  sendIdea({ body }: In<'ideaSend'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const now = new Date();
      const row = await this.repo.insert(tx, { id: uuidv7(), clientId, authorId: userId, ...body, status: 'new', createdAt: now, updatedAt: now });
      await this.outbox.add(tx, groupEvents.ideaSent, clientId, { _id: row.id, author_id: userId });
      return toIdea(row);
    });
  }

  /** GET api/idea ?status&mine&page&limit: every idea of the client for admins, one's own otherwise; newest first. */
  async ideas({ query }: In<'ideaList'>, ctx: RequestContext) {
    const { userId, admin } = requireCaller(ctx);
    const p = pageOf(query);
    const own = ownIdeasOnly(admin, !!query.mine);
    const out = await this.db.inTenant(ctx, (tx) => this.repo.list(tx, { authorId: own ? userId : undefined, status: query.status, ...p }));
    return { ideas: out.rows.map(toIdea), total: out.total, page: p.page, limit: p.limit };
  }

  /** PUT api/idea/{id}/status {status} (admins): accepting (from another status) raises evt.social.idea.accepted. Errors: 404. */
  ideaStatus({ params, body }: In<'ideaStatus'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const cur = await this.repo.byId(tx, params.id);
      if (!cur) throw Errors.notFound();
      const row = await this.repo.setStatus(tx, cur.id, body.status);
      if (cur.status !== body.status) {
        await this.outbox.add(tx, groupEvents.ideaStatusChanged, clientId, {
          _id: row.id,
          author_id: row.authorId,
          status: row.status,
          userIds: [row.authorId],
        });
        if (body.status === 'accepted') await this.outbox.add(tx, groupEvents.ideaAccepted, clientId, { _id: row.id, author_id: row.authorId, by: userId });
      }
      return toIdea(row);
    });
  }
}
