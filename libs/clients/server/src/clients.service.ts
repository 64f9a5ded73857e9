import { Inject, Injectable } from '@nestjs/common';
import { CLIENT_FEATURES, CLIENTS_ERRORS, clientEvents, type Client, type clientRoutes, type clientSubjects } from '@intranet/clients-contract';
import { peopleRoutes, peopleSubjects, type User } from '@intranet/people-contract';
import { journal, type Actor } from '@intranet/platform-audit';
import { ask, type Bus, type RequestContext } from '@intranet/platform-bus';
import { openSecret, sealSecret, secretsKey, type Config } from '@intranet/platform-config';
import { DEFAULT_INITIAL_RIGHTS, type RouteInput, type z } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { renewFileUrl, type Storage } from '@intranet/platform-storage';
import { canChangeStatusOrStorage, canSeeAdminData, isSuperadmin } from './access.ts';
import { ClientsRepository } from './clients.repository.ts';
import { checkHeadImage, fileKeyOf } from './head-image.ts';
import { employeeView, GB, publicClient, toClient } from './mapping.ts';
import type { ClientRow } from './schema.ts';

/** The parsed request of one of the bus-only `clientSubjects`. */
export type SubjectInput<K extends keyof typeof clientSubjects> = z.output<(typeof clientSubjects)[K]['request']>;

/** Whether two lists of rights differ as sets (the journal writes a change of the initial rights only). */
const sameRights = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((r) => b.includes(r));

/**
 * The clients (§7 Clients): the superadmin's list, one client, create, edit, features, the public branding, and the
 * bus-only look-ups of other services. Superadmin work runs as the system (audited, outside row-level security);
 * everyone else in their own tenant. Each change is one transaction with its events in the outbox and, where issue
 * 18 §2 asks, its journal entry.
 */
@Injectable()
export class ClientsService {
  /** AES-256-GCM key of the HR password at rest (SECRETS_KEY; a production service refuses to start without it). */
  private readonly key: Buffer;

  constructor(
    private readonly repo: ClientsRepository,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.bus) private readonly bus: Bus,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PORTS.config) private readonly config: Config,
    @Inject(PORTS.storage) private readonly storage: Storage,
  ) {
    this.key = secretsKey(config);
  }

  /** §7 GET /api/env → { vendor }. */
  async env() {
    return { vendor: this.config.VENDOR };
  }

  /** §7 GET api/clients (superadmin) → clients with employee counts (0 when people cannot count them now). */
  async list({ query }: RouteInput<typeof clientRoutes.clientList>, ctx: RequestContext) {
    const rows = await this.db.asSystem(`superadmin ${ctx.userId}: list clients`, (tx) => this.repo.list(tx, query.search));
    const counts: Record<string, number> = await ask(this.bus, peopleSubjects.counts, ctx, {}).catch(() => ({}));
    return rows.map((r) => ({ ...toClient(r), employeeCount: counts[r.id] ?? 0 }));
  }

  /**
   * §7 GET api/clients/{id}: own client, or any for the superadmin; else 404. The administration data — notes,
   * tax number, HR-system address and login — only for the client's administrators and the superadmin: an employee
   * gets them as null (the shell reads the client for its name, design and features).
   */
  async get({ params }: RouteInput<typeof clientRoutes.clientGet>, ctx: RequestContext) {
    const row = await this.run(ctx, `get client ${params.id}`, (tx) => this.repo.byId(tx, params.id));
    if (!row || row.deleted) throw Errors.notFound();
    const client = this.fresh(toClient(row));
    return canSeeAdminData(ctx) ? client : employeeView(client);
  }

  /**
   * §7 PUT api/clients/{id}: admins edit their own client's data; status, storage and features are the
   * superadmin's. Blocking/unblocking and the initial rights are journaled (issue 18 §2). Errors: 404 (not own
   * client), 403 (superadmin-only field), 400 on design.headImage (§5: an upload 160 px high, from 1000 px wide).
   */
  async update({ params, body }: RouteInput<typeof clientRoutes.clientUpdate>, ctx: RequestContext) {
    if (!canChangeStatusOrStorage(ctx) && (body.status !== undefined || body.storageTotalGb !== undefined || body.maintenance !== undefined))
      throw Errors.forbidden();
    const audited = (body.status !== undefined || body.maintenance !== undefined || body.settings?.initialRights !== undefined) && ctx.userId;
    const actor = audited ? await this.actorOf(ctx) : null;
    const row = await this.run(ctx, `update client ${params.id}`, async (tx) => {
      const cur = await this.repo.byId(tx, params.id);
      if (!cur || cur.deleted) throw Errors.notFound();
      const { settings, hr, storageTotalGb, start_page, design, maintenance, ...rest } = body;
      // §5 head image: a new one (not the stored image, perhaps signed afresh) must be an upload of 160 x ≥1000 px.
      const head = design?.headImage;
      const was = typeof cur.design.headImage === 'string' ? cur.design.headImage : null;
      if (head && head !== was && !(fileKeyOf(head) !== null && fileKeyOf(head) === fileKeyOf(was ?? ''))) await checkHeadImage(this.storage, cur.id, head);
      const updated = await this.repo.update(tx, params.id, {
        ...rest,
        // §2 design tab: sent fields merge into the stored design; null clears one.
        ...(design ? { design: { ...cur.design, ...design } } : {}),
        ...(start_page !== undefined ? { startPage: start_page } : {}),
        // Maintenance mode (superadmin) lives in the settings beside the administrators' own.
        ...(settings || maintenance !== undefined ? { settings: { ...cur.settings, ...settings, ...(maintenance !== undefined ? { maintenance } : {}) } } : {}),
        // §2 integrations tab: a sent field replaces the stored one (null disconnects), an absent one stays.
        ...(hr
          ? {
              hrUrl: hr.url !== undefined ? hr.url : cur.hrUrl,
              hrLogin: hr.login !== undefined ? hr.login : cur.hrLogin,
              hrPassword: hr.password !== undefined ? this.sealHr(cur.id, hr.password) : cur.hrPassword,
            }
          : {}),
        ...(storageTotalGb !== undefined ? { storageTotalBytes: Math.round(storageTotalGb * GB) } : {}),
      });
      await this.addUpdated(tx, updated!);
      if (actor) await this.journalUpdate(tx, actor, cur, updated!);
      return updated!;
    });
    // A blocked client is refused on the very next request (gateways drop the cached tenant on the event).
    await this.outbox.published();
    return this.fresh(toClient(row));
  }

  /** The client with its stored file links (logo, head image) signed afresh: a saved upload URL expires in an hour. */
  private fresh(c: Client): Client {
    const secret = this.config.JWT_SECRET;
    if (!secret) return c;
    return {
      ...c,
      logo: renewFileUrl(secret, c.logo),
      design: { ...c.design, headImage: c.design.headImage ? renewFileUrl(secret, c.design.headImage) : c.design.headImage },
    };
  }

  /** §7 POST api/clients (superadmin): workspace code latin letters and digits only (§5), unique. Errors: 409 taken. */
  async create({ body }: RouteInput<typeof clientRoutes.clientCreate>, ctx: RequestContext) {
    const { storageTotalGb, settings, hr, start_page, ...rest } = body;
    const actor = await this.actorOf(ctx);
    const row = await this.db.asSystem(`superadmin ${ctx.userId}: create client ${body.workspace}`, async (tx) => {
      if (await this.repo.byWorkspace(tx, body.workspace)) throw Errors.conflictCoded('workspace', CLIENTS_ERRORS.workspaceTaken);
      const id = uuidv7();
      const created = await this.repo.insert(tx, {
        ...rest,
        id,
        startPage: start_page,
        settings: { hideMoodMeter: settings?.hideMoodMeter ?? false, initialRights: settings?.initialRights ?? [...DEFAULT_INITIAL_RIGHTS] },
        hrUrl: hr?.url ?? null,
        hrLogin: hr?.login ?? null,
        hrPassword: this.sealHr(id, hr?.password),
        storageTotalBytes: Math.round(storageTotalGb * GB),
        features: CLIENT_FEATURES.map((feature) => ({ feature, active: true })),
      });
      await this.outbox.add(tx, clientEvents.created, created.id, { _id: created.id, workspace: created.workspace });
      await journal.add(
        tx,
        { clientId: created.id, actor },
        {
          section: 'clients',
          action: 'client.create',
          object: { type: 'client', id: created.id, title: created.name },
          after: { workspace: created.workspace, name: created.name, lang: created.lang, storageTotalGb },
        },
      );
      return created;
    });
    return toClient(row);
  }

  /** §7 GET api/clients/by_ws/{ws} (public): branding of a workspace for its sign-in page. Errors: 404. */
  async byWorkspace({ params }: RouteInput<typeof clientRoutes.clientByWorkspace>) {
    const row = await this.db.asSystem('public workspace lookup', (tx) => this.repo.byWorkspace(tx, params.ws));
    if (!row || row.deleted) throw Errors.notFound();
    const c = this.fresh(toClient(row));
    // The sign-in page has no session to renew an expired link with: the stored logo URL is signed afresh.
    return publicClient(c, c.logo);
  }

  /** §7 GET api/clients/features/all → every toggleable feature code. */
  async featuresAll() {
    return CLIENT_FEATURES.map((feature) => ({ feature }));
  }

  /** §7 PUT api/clients/features/switch/{client}/{code} (superadmin): flips one feature, journaled. Errors: 404. */
  async featureSwitch({ params }: RouteInput<typeof clientRoutes.featuresSwitch>, ctx: RequestContext) {
    const actor = await this.actorOf(ctx);
    const row = await this.db.asSystem(`superadmin ${ctx.userId}: switch ${params.code} of ${params.client}`, async (tx) => {
      const cur = await this.repo.byId(tx, params.client);
      if (!cur) throw Errors.notFound();
      const has = cur.features.some((f) => f.feature === params.code);
      const features = has
        ? cur.features.map((f) => (f.feature === params.code ? { ...f, active: !f.active } : f))
        : [...cur.features, { feature: params.code, active: false }];
      const updated = await this.repo.update(tx, cur.id, { features });
      await this.addUpdated(tx, updated!);
      const active = features.find((f) => f.feature === params.code)!.active;
      await journal.add(
        tx,
        { clientId: cur.id, actor },
        {
          section: 'features',
          action: active ? 'feature.on' : 'feature.off',
          object: { type: 'feature', id: params.code, title: params.code },
          before: { active: !active },
          after: { active },
        },
      );
      return updated!;
    });
    // A switched-off feature is refused on the very next request (gateways drop the cached tenant on the event).
    await this.outbox.published();
    return toClient(row);
  }

  /** Bus-only: { id } → Client (any status) or 404. For the gateway and other services. */
  async internalGet({ id }: SubjectInput<'internalGet'>) {
    return toClient(this.found(await this.db.asSystem('internal client lookup', (tx) => this.repo.byId(tx, id))));
  }

  /** Bus-only: { workspace } → Client (system look-up, any status) or 404. For the gateway's X-COMPANY-ID and sign-in. */
  async internalByWorkspace({ workspace }: SubjectInput<'internalByWorkspace'>) {
    return toClient(this.found(await this.db.asSystem('internal workspace lookup', (tx) => this.repo.byWorkspace(tx, workspace))));
  }

  /**
   * Bus-only (people's HR import, issue 12): { id } → { url, login, password, taxNumber }, the password opened
   * from its sealed form (null when none is stored or it no longer opens, e.g. SECRETS_KEY changed). Errors: 404.
   */
  async internalHr({ id }: SubjectInput<'internalHr'>) {
    const row = this.found(await this.db.asSystem('HR connection of a client', (tx) => this.repo.byId(tx, id)));
    let password: string | null = null;
    try {
      password = row.hrPassword ? openSecret(this.key, row.hrPassword, row.id) : null;
    } catch {
      password = null;
    }
    return { url: row.hrUrl, login: row.hrLogin, password, taxNumber: row.taxNumber };
  }

  /** The row of a bus look-up. Errors: 404 'Client not found'. */
  private found(row: ClientRow | undefined): ClientRow {
    if (!row) throw Errors.coded(CLIENTS_ERRORS.clientNotFound);
    return row;
  }

  /** Superadmin work bypasses row-level security (audited as the system); everyone else runs in their own tenant. */
  private run<T>(ctx: RequestContext, why: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return isSuperadmin(ctx) ? this.db.asSystem(`superadmin ${ctx.userId}: ${why}`, fn) : this.db.inTenant(ctx, fn);
  }

  /** The HR password as stored: sealed with the client's id as associated data (a value copied to another row does not open). */
  private sealHr(clientId: string, plain: string | null | undefined): string | null {
    return plain ? sealSecret(this.key, plain, clientId) : null;
  }

  /** evt.clients.client.updated in the change's transaction (DESIGN §6 outbox): gateways drop cached tenants, sockets of a blocked one close. */
  private addUpdated(tx: Tx, row: ClientRow) {
    return this.outbox.add(tx, clientEvents.updated, row.id, { _id: row.id, status: row.status, workspace: row.workspace });
  }

  /** Issue 18 §2: blocking and unblocking a client, its maintenance mode and the rights new employees get (§6) are journaled. */
  private async journalUpdate(tx: Tx, actor: Actor, cur: ClientRow, updated: ClientRow): Promise<void> {
    const at = { clientId: cur.id, actor };
    const object = { type: 'client', id: cur.id, title: cur.name };
    if (updated.status !== cur.status) {
      await journal.add(tx, at, {
        section: 'clients',
        action: updated.status === 'blocked' ? 'client.block' : 'client.unblock',
        object,
        before: { status: cur.status },
        after: { status: updated.status },
      });
    }
    if (!!updated.settings.maintenance !== !!cur.settings.maintenance) {
      await journal.add(tx, at, {
        section: 'clients',
        action: updated.settings.maintenance ? 'client.maintenance_on' : 'client.maintenance_off',
        object,
        before: { maintenance: !!cur.settings.maintenance },
        after: { maintenance: !!updated.settings.maintenance },
      });
    }
    const was = cur.settings.initialRights ?? [...DEFAULT_INITIAL_RIGHTS];
    const now = updated.settings.initialRights ?? [...DEFAULT_INITIAL_RIGHTS];
    if (!sameRights(was, now)) {
      await journal.add(tx, at, { section: 'roles', action: 'rights.initial', object, before: { initialRights: was }, after: { initialRights: now } });
    }
  }

  /**
   * The caller as the audit journal names them (issue 18 §2): id and full name as people knows it now (their own
   * record, GET api/user/{id}, asked as the caller: the superadmin has no client). The name is best effort: null
   * when people cannot say, and the change goes on (a journal entry never blocks the superadmin's work).
   */
  private async actorOf(ctx: RequestContext): Promise<Actor> {
    const id = ctx.userId ?? '';
    const user = await this.bus.request<User>(peopleRoutes.userGet.subject, { ctx, input: { params: { id } } }).catch(() => null);
    return { id, name: user?.fullName ?? null };
  }
}
