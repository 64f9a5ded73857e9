import { CLIENT_FEATURES, clientEvents, clientRoutes, clientSubjects, type Client, type ClientDesign } from '@intranet/clients-contract';
import { peopleRoutes, peopleSubjects, type User } from '@intranet/people-contract';
import { journal, type Actor, type JournalRow } from '@intranet/platform-audit';
import { ask, type RequestContext, type RouteHandlers } from '@intranet/platform-bus';
import { openSecret, sealSecret, secretsKey } from '@intranet/platform-config';
import { DEFAULT_INITIAL_RIGHTS, formatBytes } from '@intranet/platform-contracts';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import type { DomainDeps, SubjectHandlers } from '@intranet/platform-host';
import { renewFileUrl } from '@intranet/platform-storage';
import { clientsRepository as repo } from './repository.ts';
import type { ClientRow } from './schema.ts';

const GB = 1024 ** 3;
const isSuper = (ctx: RequestContext) => ctx.roles.includes('superadmin');

/** Row → §3 Client as the API shows it (the HR password never leaves: only whether one is stored). */
export function toClient(row: ClientRow): Client {
  return {
    _id: row.id,
    workspace: row.workspace,
    name: row.name,
    fullName: row.fullName,
    lang: row.lang,
    start_page: row.startPage,
    status: row.status,
    settings: { hideMoodMeter: row.settings.hideMoodMeter ?? false, initialRights: row.settings.initialRights ?? [...DEFAULT_INITIAL_RIGHTS] },
    design: row.design as ClientDesign,
    logo: row.logo,
    city: row.city,
    phone: row.phone,
    address: row.address,
    director: row.director,
    telegram: row.telegram,
    notes: row.notes,
    taxNumber: row.taxNumber,
    storage: { total: row.storageTotalBytes / GB, used: row.storageUsedBytes / GB },
    features: row.features,
    hr: { url: row.hrUrl, login: row.hrLogin, hasPassword: !!row.hrPassword },
    created: row.createdAt.toISOString(),
  };
}

/** Row of audit.journal → the §7 GET api/journal entry. */
export function toJournalEntry(r: JournalRow) {
  return {
    _id: r.id,
    client_id: r.clientId,
    at: r.at.toISOString(),
    actor: r.actorId ? { _id: r.actorId, name: r.actorName } : null,
    section: r.section,
    action: r.action,
    object: r.objectType ? { type: r.objectType, id: r.objectId, title: r.objectTitle } : null,
    before: r.before,
    after: r.after,
  };
}

/** The clients routes (§7 Clients) and bus-only subjects (`clientSubjects`), bound by ClientsModule's controllers. */
export function clientHandlers({ db, bus, config, outbox }: DomainDeps): {
  routes: RouteHandlers<typeof clientRoutes>;
  subjects: SubjectHandlers<typeof clientSubjects>;
} {
  /** Superadmin work bypasses RLS (audited); everyone else runs in their own tenant. */
  /** AES-256-GCM key of the HR password at rest (SECRETS_KEY; a production service refuses to start without it). */
  const key = secretsKey(config);
  /** The HR password as stored: sealed with the client's id as associated data (a value copied to another row does not open). */
  const sealHr = (clientId: string, plain: string | null | undefined) => (plain ? sealSecret(key, plain, clientId) : null);
  const run = <T>(ctx: RequestContext, why: string, fn: Parameters<typeof db.inTenant<T>>[1]) =>
    isSuper(ctx) ? db.asSystem(`superadmin ${ctx.userId}: ${why}`, fn) : db.inTenant(ctx, fn);
  /** evt.clients.client.updated in the change's transaction (DESIGN §6 outbox): gateways drop cached tenants, sockets of a blocked one close. */
  const addUpdated = (tx: Tx, row: { id: string; status: string; workspace: string }) =>
    outbox.add(tx, clientEvents.updated, row.id, { _id: row.id, status: row.status, workspace: row.workspace });
  /**
   * The caller as the audit journal names them (issue 18 §2): id and full name as people knows it now (their own
   * record, GET api/user/{id}); the name is null when people cannot say. Asked before the change's transaction.
   */
  const actorOf = async (ctx: RequestContext): Promise<Actor> => {
    const id = ctx.userId ?? '';
    const user = await bus.request<User>(peopleRoutes.get.subject, { ctx, input: { params: { id } } }).catch(() => null);
    return { id, name: user?.fullName ?? null };
  };
  /**
   * The journal read of §7 GET api/journal/{client}[/section/{section}]: the client's administrators and the
   * superadmin only; another client's administrator gets 404 and nothing. Output: a page of entries, newest first.
   */
  const readJournal = async (
    ctx: RequestContext,
    clientId: string,
    q: { page: number; limit: number; section?: string; action?: string; actor?: string; from?: string; to?: string },
  ) => {
    if (!isSuper(ctx) && (!ctx.roles.includes('admin') || ctx.clientId !== clientId)) throw Errors.notFound();
    const { page, limit, ...filters } = q;
    const { rows, total } = await run(ctx, `journal of ${clientId}`, async (tx) => {
      const client = await repo.byId(tx, clientId);
      if (!client) throw Errors.notFound();
      return journal.list(tx, clientId, { ...filters, offset: (page - 1) * limit, limit });
    });
    return { entries: rows.map(toJournalEntry), total, page, limit };
  };

  const routes: RouteHandlers<typeof clientRoutes> = {
    /** §7 GET /api/env → { vendor }. */
    env: async () => ({ vendor: config.VENDOR }),

    /** §7 GET api/clients (superadmin) → clients with employee counts. */
    list: async ({ query }, ctx) => {
      const rows = await db.asSystem(`superadmin ${ctx.userId}: list clients`, (tx) => repo.list(tx, query.search));
      const counts: Record<string, number> = await ask(bus, peopleSubjects.counts, ctx, {}).catch(() => ({}));
      return rows.map((r) => ({ ...toClient(r), employeeCount: counts[r.id] ?? 0 }));
    },

    /**
     * §7 GET api/clients/{id}: own client, or any for the superadmin; else 404. The administration data — notes,
     * tax number, HR-system address and login — only for the client's administrators and the superadmin: an employee
     * gets them as null (the shell reads the client for its name, design and features).
     */
    get: async ({ params }, ctx) => {
      const row = await run(ctx, `get client ${params.id}`, (tx) => repo.byId(tx, params.id));
      if (!row || row.deleted) throw Errors.notFound();
      const client = toClient(row);
      return isSuper(ctx) || ctx.roles.includes('admin')
        ? client
        : { ...client, notes: null, taxNumber: null, hr: { url: null, login: null, hasPassword: false } };
    },

    /**
     * §7 PUT api/clients/{id}: admins edit their own client's data; status, storage and features are the
     * superadmin's. Errors: 404 (not own client), 403 (superadmin-only field).
     */
    update: async ({ params, body }, ctx) => {
      if (!isSuper(ctx) && (body.status !== undefined || body.storageTotalGb !== undefined)) throw Errors.forbidden();
      const audited = (body.status !== undefined || body.settings?.initialRights !== undefined) && ctx.userId;
      const actor = audited ? await actorOf(ctx) : null;
      const row = await run(ctx, `update client ${params.id}`, async (tx) => {
        const cur = await repo.byId(tx, params.id);
        if (!cur || cur.deleted) throw Errors.notFound();
        const { settings, hr, storageTotalGb, start_page, design, ...rest } = body;
        const updated = await repo.update(tx, params.id, {
          ...rest,
          // §2 design tab: sent fields merge into the stored design; null clears one.
          ...(design ? { design: { ...cur.design, ...design } } : {}),
          ...(start_page !== undefined ? { startPage: start_page } : {}),
          ...(settings ? { settings: { ...cur.settings, ...settings } } : {}),
          // §2 integrations tab: a sent field replaces the stored one (null disconnects), an absent one stays.
          ...(hr
            ? {
                hrUrl: hr.url !== undefined ? hr.url : cur.hrUrl,
                hrLogin: hr.login !== undefined ? hr.login : cur.hrLogin,
                hrPassword: hr.password !== undefined ? sealHr(cur.id, hr.password) : cur.hrPassword,
              }
            : {}),
          ...(storageTotalGb !== undefined ? { storageTotalBytes: Math.round(storageTotalGb * GB) } : {}),
        });
        await addUpdated(tx, updated!);
        if (actor) {
          const at = { clientId: cur.id, actor };
          const object = { type: 'client', id: cur.id, title: cur.name };
          // Issue 18 §2: blocking and unblocking a client, and the rights new employees get (§6), are journaled.
          if (updated!.status !== cur.status) {
            await journal.add(tx, at, {
              section: 'clients',
              action: updated!.status === 'blocked' ? 'client.block' : 'client.unblock',
              object,
              before: { status: cur.status },
              after: { status: updated!.status },
            });
          }
          const was = cur.settings.initialRights ?? [...DEFAULT_INITIAL_RIGHTS];
          const now = updated!.settings.initialRights ?? [...DEFAULT_INITIAL_RIGHTS];
          if (was.length !== now.length || was.some((r) => !now.includes(r))) {
            await journal.add(tx, at, { section: 'roles', action: 'rights.initial', object, before: { initialRights: was }, after: { initialRights: now } });
          }
        }
        return updated;
      });
      // A blocked client is refused on the very next request (gateways drop the cached tenant on the event).
      await outbox.published();
      return toClient(row!);
    },

    /** §7 POST api/clients (superadmin): workspace code latin letters and digits only (§5), unique. */
    create: async ({ body }, ctx) => {
      const { storageTotalGb, settings, hr, start_page, ...rest } = body;
      const actor = await actorOf(ctx);
      const row = await db.asSystem(`superadmin ${ctx.userId}: create client ${body.workspace}`, async (tx) => {
        if (await repo.byWorkspace(tx, body.workspace)) throw Errors.conflict('workspace', 'This workspace code is already taken');
        const id = uuidv7();
        const created = await repo.insert(tx, {
          ...rest,
          id,
          startPage: start_page,
          settings: { hideMoodMeter: settings?.hideMoodMeter ?? false, initialRights: settings?.initialRights ?? [...DEFAULT_INITIAL_RIGHTS] },
          hrUrl: hr?.url ?? null,
          hrLogin: hr?.login ?? null,
          hrPassword: sealHr(id, hr?.password),
          storageTotalBytes: Math.round(storageTotalGb * GB),
          features: CLIENT_FEATURES.map((feature) => ({ feature, active: true })),
        });
        await outbox.add(tx, clientEvents.created, created.id, { _id: created.id, workspace: created.workspace });
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
    },

    /** §7 GET api/clients/by_ws/{ws} (public): branding of a workspace for its sign-in page. */
    byWorkspace: async ({ params }) => {
      const row = await db.asSystem('public workspace lookup', (tx) => repo.byWorkspace(tx, params.ws));
      if (!row || row.deleted) throw Errors.notFound();
      const c = toClient(row);
      // The sign-in page has no session to renew an expired link with: the stored logo URL is signed afresh.
      const logo = config.JWT_SECRET ? renewFileUrl(config.JWT_SECRET, c.logo) : c.logo;
      return { _id: c._id, workspace: c.workspace, name: c.name, lang: c.lang, logo, design: c.design, status: c.status };
    },

    /** §7 GET api/clients/features/all → every toggleable feature code. */
    featuresAll: async () => CLIENT_FEATURES.map((feature) => ({ feature })),

    /** §7 PUT api/clients/features/switch/{client}/{code} (superadmin): flips one feature. */
    featureSwitch: async ({ params }, ctx) => {
      const actor = await actorOf(ctx);
      const row = await db.asSystem(`superadmin ${ctx.userId}: switch ${params.code} of ${params.client}`, async (tx) => {
        const cur = await repo.byId(tx, params.client);
        if (!cur) throw Errors.notFound();
        const has = cur.features.some((f) => f.feature === params.code);
        const features = has
          ? cur.features.map((f) => (f.feature === params.code ? { ...f, active: !f.active } : f))
          : [...cur.features, { feature: params.code, active: false }];
        const updated = await repo.update(tx, cur.id, { features });
        await addUpdated(tx, updated!);
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
        return updated;
      });
      // A blocked client is refused on the very next request (gateways drop the cached tenant on the event).
      await outbox.published();
      return toClient(row!);
    },

    /**
     * §7 GET api/journal/{client} (issue 18 §2; admins of the client, the superadmin): the audit journal newest
     * first, `page`/`limit`, filters section, action, actor (user id), from/to (YYYY-MM-DD, UTC days). 404 for
     * another client or an unknown one.
     */
    journal: async ({ params, query }, ctx) => readJournal(ctx, params.client, query),

    /** §7 GET api/journal/{client}/section/{section}: as `journal`, one section. */
    journalSection: async ({ params, query }, ctx) => readJournal(ctx, params.client, { ...query, section: params.section }),
  };

  const subjects: SubjectHandlers<typeof clientSubjects> = {
    /** Bus-only: { id } → Client or 404. For the gateway and other services. */
    internalGet: async ({ id }) => {
      const row = await db.asSystem('internal client lookup', (tx) => repo.byId(tx, id));
      if (!row) throw new DomainError('not_found', 'Client not found');
      return toClient(row);
    },
    /**
     * Bus-only (people's HR import, issue 12): { id } → { url, login, password, taxNumber }, the password opened
     * from its sealed form (null when none is stored or it no longer opens, e.g. SECRETS_KEY changed). Errors: 404.
     */
    internalHr: async ({ id }) => {
      const row = await db.asSystem('HR connection of a client', (tx) => repo.byId(tx, id));
      if (!row) throw new DomainError('not_found', 'Client not found');
      let password: string | null = null;
      try {
        password = row.hrPassword ? openSecret(key, row.hrPassword, row.id) : null;
      } catch {
        password = null;
      }
      return { url: row.hrUrl, login: row.hrLogin, password, taxNumber: row.taxNumber };
    },
    /**
     * Bus-only (files upload, §3 storage, §8): { clientId, bytes, check? } → { used, total } in bytes. Adds `bytes`
     * to the client's used storage atomically, or with `check` only tests that they fit. Errors: 413 'Storage limit
     * reached ({size})! Available {available}'; 404 unknown client.
     */
    storageReserve: async ({ clientId, bytes, check }) => {
      const n = Math.max(0, Math.ceil(Number(bytes) || 0));
      return db.inTenant({ clientId }, async (tx) => {
        const cur = await repo.byId(tx, clientId);
        if (!cur) throw Errors.notFound();
        const out = check
          ? cur.storageUsedBytes + n <= cur.storageTotalBytes
            ? { used: cur.storageUsedBytes, total: cur.storageTotalBytes }
            : undefined
          : await repo.reserve(tx, clientId, n);
        if (!out) {
          const available = Math.max(0, cur.storageTotalBytes - cur.storageUsedBytes);
          throw new DomainError('payload_too_large', `Storage limit reached (${formatBytes(cur.storageTotalBytes)})! Available ${formatBytes(available)}`, {
            details: { total: cur.storageTotalBytes, available },
          });
        }
        return out;
      });
    },
    /** Bus-only: { clientId, bytes } → { used, total } in bytes, after giving back the storage of deleted files. */
    storageRelease: async ({ clientId, bytes }) => {
      const out = await db.inTenant({ clientId }, (tx) => repo.release(tx, clientId, Math.max(0, Math.ceil(Number(bytes) || 0))));
      if (!out) throw Errors.notFound();
      return out;
    },
    /** Bus-only: { workspace } → Client (system look-up, any status) or 404. For the gateway's X-COMPANY-ID and sign-in. */
    internalByWorkspace: async ({ workspace }) => {
      const row = await db.asSystem('internal workspace lookup', (tx) => repo.byWorkspace(tx, workspace));
      if (!row) throw new DomainError('not_found', 'Client not found');
      return toClient(row);
    },
  };
  return { routes, subjects };
}
