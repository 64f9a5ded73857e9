import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { groupEvents, type ideaRoutes } from '@intranet/social-contract';
import { requireCaller, requireClient, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { pageOf } from './group-state.service.ts';
import { ReportsRepository } from './ideas.repository.ts';
import { toReport } from './mapping.ts';
import { SOCIAL_OUTBOX } from './social.tokens.ts';

type In<K extends keyof typeof ideaRoutes> = RouteInput<(typeof ideaRoutes)[K]>;

/** UTC day of now (YYYY-MM-DD): the only time a violation report keeps. */
export const today = (): string => new Date().toISOString().slice(0, 10);

/** "Don't be silent": §7 send_viol_report and the reports list of the client's admins. */
@Injectable()
export class ReportsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(SOCIAL_OUTBOX) private readonly outbox: Outbox,
    private readonly reports: ReportsRepository,
  ) {}

  /**
   * §7 POST api/user/send_viol_report {anonymous, name?, text} — an anonymous route: the gateway sends only the
   * tenant (`ctx.userId` is null here) and logs nothing of the call. Stored: a random id, the client, the name
   * only when the sender chose to sign, the text and the UTC day. The event carries the day only. Errors: 403
   * without a client.
   */
  async sendViolReport({ body }: In<'violReportSend'>, ctx: RequestContext) {
    const clientId = requireClient(ctx);
    const day = today();
    await this.db.inTenant({ clientId, userId: null }, async (tx) => {
      const name = body.anonymous ? null : (body.name ?? null);
      await this.reports.insert(tx, { id: randomUUID(), clientId, anonymous: body.anonymous, name, text: body.text, day });
      await this.outbox.add(tx, groupEvents.violReportSent, clientId, { day });
    });
    return { sent: true, day };
  }

  /** GET api/viol_report ?handled&page&limit (admins): newest day first. */
  async violReports({ query }: In<'violReportList'>, ctx: RequestContext) {
    requireCaller(ctx);
    const p = pageOf(query);
    const handled = query.handled === undefined ? undefined : query.handled === '1';
    const out = await this.db.inTenant(ctx, (tx) => this.reports.list(tx, { handled, ...p }));
    return { reports: out.rows.map(toReport), total: out.total, page: p.page, limit: p.limit };
  }

  /** PUT api/viol_report/{id}/handled {handled} (admins). Errors: 404. */
  violReportHandled({ params, body }: In<'violReportHandled'>, ctx: RequestContext) {
    const { clientId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const r = await this.reports.setHandled(tx, params.id, body.handled);
      if (!r) throw Errors.notFound();
      await this.outbox.add(tx, groupEvents.violReportHandled, clientId, { _id: r.id, handled: r.handled });
      return toReport(r);
    });
  }
}
