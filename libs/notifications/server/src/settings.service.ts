import { Inject, Injectable } from '@nestjs/common';
import { NOTIF_ADMIN_ERRORS, type notificationsRoutes, type SettingsMatrix } from '@intranet/notifications-contract';
import type { Config } from '@intranet/platform-config';
import type { RouteInput } from '@intranet/platform-contracts';
import { requireCaller, type Caller, type RequestContext } from '@intranet/platform-bus';
import type { Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { canManageSettingsOf, ownClient } from './access.ts';
import { effectiveMatrix } from './mapping.ts';
import { CLIENT_DEFAULTS, NotificationsRepository } from './notifications.repository.ts';
import { Directory } from './people.ts';
import { assertPublicUrl } from './targets.ts';

type In<K extends keyof typeof notificationsRoutes> = RouteInput<(typeof notificationsRoutes)[K]>;

/** The §7 Users routes of the notification settings: a user's section × channel matrix and the client's defaults. */
@Injectable()
export class SettingsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.config) private readonly config: Config,
    private readonly repo: NotificationsRepository,
    private readonly directory: Directory,
  ) {}

  /** The client whose settings of `userId` the caller reads or changes: oneself, or an admin for an employee (404 else). */
  private async targetClient(caller: Caller, userId: string): Promise<string> {
    if (!canManageSettingsOf(caller, userId)) throw Errors.noAccess();
    if (userId === caller.userId) return caller.clientId;
    const [u] = await this.directory.employees(caller.clientId, [userId]);
    if (!u) throw Errors.userNotFound();
    return caller.clientId;
  }

  /** §7 GET api/user/notifications/{user} → the effective section × channel matrix (oneself or an admin). */
  async settingsUser({ params }: In<'settingsUser'>, ctx: RequestContext) {
    const clientId = await this.targetClient(requireCaller(ctx), params.user);
    return this.db.inTenant({ clientId }, async (tx) => {
      const { defaults, users } = await this.repo.settingsOf(tx, [params.user]);
      return { user_id: params.user, client_id: clientId, matrix: effectiveMatrix(users.get(params.user), defaults) };
    });
  }

  /** §7 GET api/user/notifications/client/{client} → the client's defaults for new employees (admins). */
  settingsClient({ params }: In<'settingsClient'>, ctx: RequestContext) {
    const clientId = ownClient(requireCaller(ctx), params.client);
    return this.db.inTenant({ clientId }, async (tx) => {
      const { defaults, webhooks } = await this.repo.settingsOf(tx, []);
      return { user_id: null, client_id: clientId, matrix: effectiveMatrix(undefined, defaults), webhooks };
    });
  }

  /**
   * §7 PUT api/user/notifications { user_id?, client_id?, matrix, webhooks? } → the effective matrix saved: one's
   * own, an employee's (admins) or, with `client_id`, the client's defaults and webhooks (admins). Errors: 403,
   * 404 user, 400 webhookUrlRefused (a webhook not https to a public host, unless NOTIF_ALLOW_PRIVATE_HOSTS).
   */
  async settingsSave({ body }: In<'settingsSave'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    // A client_id beside a user_id still names a client: another client's is refused (issue 38 §6).
    if (body.client_id) ownClient(caller, body.client_id);
    const isDefaults = !!body.client_id && !body.user_id;
    if (isDefaults && !caller.admin) throw Errors.noAccess();
    const target = isDefaults ? CLIENT_DEFAULTS : (body.user_id ?? caller.userId);
    const clientId = isDefaults ? caller.clientId : await this.targetClient(caller, target);
    if (isDefaults && body.webhooks) {
      for (const k of ['slack', 'teams'] as const) {
        const url = body.webhooks[k];
        if (!url) continue;
        try {
          await assertPublicUrl(url, this.config.NOTIF_ALLOW_PRIVATE_HOSTS);
        } catch {
          throw Errors.fieldCoded(`webhooks.${k}`, NOTIF_ADMIN_ERRORS.webhookUrlRefused);
        }
      }
    }
    return this.db.inTenant({ clientId }, async (tx) => {
      await this.repo.saveSettings(tx, clientId, target, body.matrix as SettingsMatrix, isDefaults ? body.webhooks : undefined);
      const { defaults, webhooks, users } = await this.repo.settingsOf(tx, isDefaults ? [] : [target]);
      return {
        user_id: isDefaults ? null : target,
        client_id: clientId,
        matrix: effectiveMatrix(isDefaults ? undefined : users.get(target), defaults),
        ...(isDefaults ? { webhooks } : {}),
      };
    });
  }
}
