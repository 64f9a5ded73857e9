import { Inject, Injectable } from '@nestjs/common';
import { NOTIF_ERRORS, type notificationsRoutes } from '@intranet/notifications-contract';
import type { RouteInput } from '@intranet/platform-contracts';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { TemplatesRepository } from './templates.repository.ts';

type In<K extends keyof typeof notificationsRoutes> = RouteInput<(typeof notificationsRoutes)[K]>;

/** §8 conflict of a template whose code, language and channel another one has. */
const templateExists = () => Errors.conflictCoded('code', NOTIF_ERRORS.templateExists);

/** The §7 Templates routes (administrators; the gateway checks the role): the client's §3 templates. */
@Injectable()
export class TemplatesService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly repo: TemplatesRepository,
  ) {}

  /** §7 GET api/notif_template?code&lang&channel → the client's templates. */
  templateList({ query }: In<'templateList'>, ctx: RequestContext) {
    return this.db.inTenant({ clientId: requireCaller(ctx).clientId }, (tx) => this.repo.list(tx, query));
  }

  /** §7 GET api/notif_template/{id} → one template. Errors: 404. */
  templateGet({ params }: In<'templateGet'>, ctx: RequestContext) {
    return this.db.inTenant({ clientId: requireCaller(ctx).clientId }, async (tx) => {
      const t = await this.repo.find(tx, params.id);
      if (!t) throw Errors.notFound();
      return t;
    });
  }

  /** §7 POST api/notif_template → the template. Errors: 409 when the code, language and channel exist. */
  templateCreate({ body }: In<'templateCreate'>, ctx: RequestContext) {
    const { clientId } = requireCaller(ctx);
    return this.db.inTenant({ clientId }, async (tx) => {
      const t = await this.repo.insert(tx, clientId, body);
      if (!t) throw templateExists();
      return t;
    });
  }

  /** §7 PUT api/notif_template/{id} → the template. Errors: 404; 409 when another has its code, language, channel. */
  templateUpdate({ params, body }: In<'templateUpdate'>, ctx: RequestContext) {
    return this.db.inTenant({ clientId: requireCaller(ctx).clientId }, async (tx) => {
      if (!(await this.repo.find(tx, params.id))) throw Errors.notFound();
      const same = await this.repo.list(tx, { code: body.code, lang: body.lang, channel: body.channel });
      if (same.some((s) => s._id !== params.id)) throw templateExists();
      return (await this.repo.update(tx, params.id, body))!;
    });
  }

  /**
   * §7 PUT api/notif_template (no id in the path) → the template: the one of the body's `_id`, else the one with the
   * body's code (empty sent as '__'), language and channel, changed to the body. Errors: 404 when there is none; 409
   * when another template has the new code, language and channel.
   */
  templateSave({ body }: In<'templateSave'>, ctx: RequestContext) {
    const { _id, ...fields } = body;
    return this.db.inTenant({ clientId: requireCaller(ctx).clientId }, async (tx) => {
      const same = await this.repo.list(tx, { code: fields.code, lang: fields.lang, channel: fields.channel });
      const target = _id ? await this.repo.find(tx, _id) : same[0];
      if (!target) throw Errors.notFound();
      if (same.some((s) => s._id !== target._id)) throw templateExists();
      return (await this.repo.update(tx, target._id, fields))!;
    });
  }

  /**
   * §7 DELETE api/notif_template?_id | ?code&lang&channel (no id in the path) → { deleted: ids }: the template of
   * `_id`, or every template of the code (empty sent as '__') in the language and channel when given. Errors: 404
   * when none matches.
   */
  templateRemoveByCode({ query }: In<'templateRemoveByCode'>, ctx: RequestContext) {
    return this.db.inTenant({ clientId: requireCaller(ctx).clientId }, async (tx) => {
      const ids = query._id ? [query._id] : (await this.repo.list(tx, { code: query.code, lang: query.lang, channel: query.channel })).map((t) => t._id);
      const deleted: string[] = [];
      for (const id of ids) if (await this.repo.delete(tx, id)) deleted.push(id);
      if (!deleted.length) throw Errors.notFound();
      return { deleted };
    });
  }

  /** §7 DELETE api/notif_template/{id} → { _id }. Errors: 404. */
  templateRemove({ params }: In<'templateRemove'>, ctx: RequestContext) {
    return this.db.inTenant({ clientId: requireCaller(ctx).clientId }, async (tx) => {
      if (!(await this.repo.delete(tx, params.id))) throw Errors.notFound();
      return { _id: params.id };
    });
  }
}
