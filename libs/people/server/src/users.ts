import { clientSubjects, type Client } from '@intranet/clients-contract';
import { importRowBody, PEOPLE_TEXT, peopleEvents, peopleRoutes, registerBody, type ImportProgressEvent, type User } from '@intranet/people-contract';
import { HR_CODES, HR_TEXT } from '@intranet/people-contract/structure';
import { journal, type Actor } from '@intranet/platform-audit';
import { hashPassword } from '@intranet/platform-auth';
import { ask, emit, systemContext, type RequestContext, type RouteHandlers } from '@intranet/platform-bus';
import { DEFAULT_INITIAL_RIGHTS, V, zodFieldErrors } from '@intranet/platform-contracts';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { DomainError, Errors, type FieldError } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { zupDate, zupEmail, zupEmployees, zupGender, zupPlacements } from './hr.ts';
import { decodeCsvBytes, parseCsv } from './import.ts';
import { isAdmin, isSuper, profileColumns, toUser, userEventData } from './mapping.ts';
import { sessionsRepository, usersRepository as users, type NewUser } from './repository.ts';
import { departments, deptUsers, users as usersTable, type UserRow } from './schema.ts';
import { addMembershipEvents, membersOf } from './structure.ts';

type UserRoutes = Omit<
  typeof peopleRoutes,
  | 'login'
  | 'loginPage'
  | 'logout'
  | 'forgotPassword'
  | 'resetPassword'
  | 'resetPasswordCheck'
  | 'resetPasswordHard'
  | 'pin'
  | 'pinMove'
  | 'pinned'
  | 'exportOne'
  | 'exportAll'
>;

/** Most rows one CSV import may carry. */
export const IMPORT_MAX_ROWS = 10_000;

/** Users, roles and feature rights (§7 Users, §5 Employee, §6). */
export function userHandlers({ db, bus, outbox }: DomainDeps): RouteHandlers<UserRoutes> {
  /** Runs in the caller's tenant; the superadmin without a selected workspace works through the audited bypass. */
  const run = <T>(ctx: RequestContext, why: string, fn: (tx: Tx) => Promise<T>) =>
    isSuper(ctx) && !ctx.clientId ? db.asSystem(`superadmin ${ctx.userId}: ${why}`, fn) : db.inTenant(ctx, fn);

  /** The client an admin acts on: their own; the superadmin names one (or has selected a workspace). */
  const targetClient = (ctx: RequestContext, requested?: string): string => {
    if (isSuper(ctx)) {
      const id = requested ?? ctx.clientId;
      if (!id) throw Errors.field('client_id', V.required);
      return id;
    }
    if (!ctx.clientId) throw Errors.forbidden();
    if (requested && requested !== ctx.clientId) throw Errors.notFound();
    return ctx.clientId;
  };

  const clientOf = (id: string) =>
    ask(bus, clientSubjects.internalGet, systemContext(), { id }).catch(() => {
      throw Errors.field('client_id', 'Client not found');
    });

  /** The client's language (§3 Client lang) as a user language; 'ua' is Ukrainian. */
  const clientLang = (client: Client) => {
    const l = (client.lang ?? '').toLowerCase();
    return l === 'ua' ? 'uk' : ['ru', 'uk', 'en'].includes(l) ? l : 'ru';
  };

  const initialRoles = (client: Client, extra: readonly string[] = []) => [
    ...new Set(['employee', ...(client.settings.initialRights ?? DEFAULT_INITIAL_RIGHTS), ...extra]),
  ];

  /**
   * Validates rows against §5 (`schema`: registerBody for one employee, importRowBody for CSV rows) and the
   * client's existing accounts; returns per-row errors and the good rows.
   */
  async function prepare(
    tx: Tx,
    clientId: string,
    rows: { row: number; input: unknown; errors?: FieldError[] }[],
    roles: string[],
    schema: typeof registerBody | typeof importRowBody,
    lang: string,
  ) {
    const report: { row: number; ok: boolean; email: string | null; errors?: FieldError[]; _id?: string; noPassword?: boolean }[] = [];
    const good: { row: number; user: NewUser; password?: string }[] = [];
    const parsed = rows.map(({ row, input }) => ({ row, input, res: schema.safeParse(input) }));
    const emails = parsed.flatMap((p) => (p.res.success ? [p.res.data.email] : []));
    const logins = parsed.flatMap((p) => (p.res.success && p.res.data.login ? [p.res.data.login] : []));
    const taken = await users.taken(tx, clientId, emails, logins);
    const seenEmail = new Set<string>();
    const seenLogin = new Set<string>();
    for (const p of parsed) {
      const email =
        typeof (p.input as { email?: unknown })?.email === 'string'
          ? String((p.input as { email: string }).email)
              .trim()
              .toLowerCase() || null
          : null;
      const recordErrors = rows[parsed.indexOf(p)].errors ?? [];
      if (!p.res.success || recordErrors.length) {
        report.push({ row: p.row, ok: false, email, errors: [...recordErrors, ...(p.res.success ? [] : zodFieldErrors(p.res.error))] });
        continue;
      }
      const v = p.res.data;
      const errors: FieldError[] = [];
      const e = v.email.toLowerCase();
      if (taken.emails.has(e) || seenEmail.has(e)) errors.push({ field: 'email', code: 'emailTaken', message: PEOPLE_TEXT.emailTaken });
      const l = v.login ? v.login.toLowerCase() : null;
      if (l && (taken.logins.has(l) || seenLogin.has(l))) errors.push({ field: 'login', code: 'loginTaken', message: PEOPLE_TEXT.loginTaken });
      if (errors.length) {
        report.push({ row: p.row, ok: false, email: e, errors });
        continue;
      }
      seenEmail.add(e);
      if (l) seenLogin.add(l);
      good.push({
        row: p.row,
        password: v.password,
        // §3 Client lang is the default of users created or imported in it.
        user: { lang, ...(profileColumns(v) as NewUser), id: uuidv7(), clientId, roles: [...new Set([...roles, ...(v.roles ?? [])])] },
      });
      report.push({ row: p.row, ok: true, email: e, ...(v.password ? {} : { noPassword: true }) });
    }
    return { report, good };
  }

  /**
   * Hashes passwords (argon2id, on the thread pool) and inserts the good rows in one statement; `onRow` is
   * called as each row is ready to be stored (for import progress).
   */
  async function insertGood(tx: Tx, good: { row: number; user: NewUser; password?: string }[], onRow?: () => void) {
    const hashed = await Promise.all(
      good.map(async (g) => {
        const passwordHash = g.password ? await hashPassword(g.password) : null;
        onRow?.();
        return { ...g.user, passwordHash };
      }),
    );
    // Chunks keep each statement under PostgreSQL's 65,535 bind parameters (10,000 rows × ~25 columns would not be).
    const inserted: Awaited<ReturnType<typeof users.insertMany>> = [];
    for (let i = 0; i < hashed.length; i += 1000) inserted.push(...(await users.insertMany(tx, hashed.slice(i, i + 1000))));
    return new Map(inserted.map((u) => [u.id, u]));
  }

  /**
   * Import progress for `evt.people.import.progress` (ImportProgressEvent) to the importing admin only (`userIds`):
   * `step(n)` counts n more rows done and publishes at most every 200 rows or 250 ms; `finish()` sends the final
   * done === total. No-op without an importId or a calling user. Best-effort: a failed publish is ignored, never fails the import.
   */
  const importProgress = (ctx: RequestContext, clientId: string, importId: string | undefined, total: number, counts?: () => ImportProgressEvent['counts']) => {
    let done = 0;
    let sentDone = 0;
    let sentAt = Date.now();
    const userId = ctx.userId;
    const send = (phase: 'saving' | 'done') => {
      // Without a user the relay would fall back to the whole workspace: send nothing then.
      if (!importId || !userId) return;
      sentDone = done;
      sentAt = Date.now();
      emit(bus, peopleEvents.importProgress, clientId, { importId, done, total, phase, userIds: [userId], ...(counts ? { counts: counts() } : {}) }).catch(
        () => undefined,
      );
    };
    return {
      step: (n = 1) => {
        done = Math.min(total, done + n);
        if (done - sentDone >= 200 || Date.now() - sentAt >= 250) send('saving');
      },
      finish: () => {
        done = total;
        send('done');
      },
    };
  };

  /** Adds a user event to the change's transaction (DESIGN §6 outbox). */
  const addUserEvent = (tx: Tx, verb: 'userCreated' | 'userUpdated' | 'userDeleted', u: User) =>
    verb === 'userUpdated'
      ? outbox.add(tx, peopleEvents.userUpdated, u.client_id, userEventData(u))
      : outbox.add(tx, peopleEvents[verb], u.client_id, userEventData(u));
  /**
   * The caller as the audit journal names them (issue 18 §2): id and full name now. Read before the change's
   * transaction: an administrator's own record in their tenant, the superadmin's (no client) in the system context.
   */
  const actorOf = async (ctx: RequestContext): Promise<Actor> => {
    const id = ctx.userId ?? '';
    const byId = (tx: Tx) => users.byId(tx, id);
    const row = id ? await (isSuper(ctx) ? db.asSystem(`superadmin ${id}: journal actor`, byId) : db.inTenant(ctx, byId)) : undefined;
    return { id, name: row ? toUser(row).fullName : null };
  };
  /** A journal entry about user `u` (object: the user, titled with their name) in the change's transaction. */
  const journalUser = (
    tx: Tx,
    actor: Actor,
    u: User,
    section: 'roles' | 'users',
    action: string,
    before?: Record<string, unknown>,
    after?: Record<string, unknown>,
  ) => journal.add(tx, { clientId: u.client_id!, actor }, { section, action, object: { type: 'user', id: u._id, title: u.fullName }, before, after });

  /** Adds evt.people.session.revoked for these sessions (none: nothing). */
  const addRevoked = async (tx: Tx, clientId: string | null, userId: string, sessionIds: string[]) => {
    if (sessionIds.length) await outbox.add(tx, peopleEvents.sessionRevoked, clientId, { sessionIds, userId });
  };

  return {
    /**
     * §7 POST api/register: creates an employee with the client's initial rights (§6).
     * Errors: field errors of §5; 'This e-mail is already taken'; 'This login is already taken'.
     */
    register: async ({ body }, ctx) => {
      const clientId = targetClient(ctx, body.client_id);
      const client = await clientOf(clientId);
      const actor = await actorOf(ctx);
      const created = await db.inTenant({ clientId }, async (tx) => {
        const { report, good } = await prepare(tx, clientId, [{ row: 1, input: body }], initialRoles(client), registerBody, clientLang(client));
        const bad = report.find((r) => !r.ok);
        if (bad)
          throw new DomainError(
            bad.errors!.some((e) => e.message === PEOPLE_TEXT.emailTaken || e.message === PEOPLE_TEXT.loginTaken) ? 'conflict' : 'validation',
            bad.errors![0].message,
            { errors: bad.errors },
          );
        const map = await insertGood(tx, good);
        const row = map.get(good[0].user.id!);
        if (!row) throw Errors.conflict('email', PEOPLE_TEXT.emailTaken);
        const user = toUser(row);
        await addUserEvent(tx, 'userCreated', user);
        await journalUser(tx, actor, user, 'users', 'user.create', undefined, { email: user.email, roles: user.roles });
        return user;
      });
      return created;
    },

    /**
     * §7 POST api/register_many {csv}: validates every row, imports the good ones in one transaction and
     * returns a per-row report (row = line number in the file, header is line 1). A bad row never blocks others.
     * A row without a password is imported with no usable password: that employee sets one through
     * 'Forgot password' (the report marks such rows `noPassword: true`). With an `importId`, progress events
     * `evt.people.import.progress` go to the caller's sockets while rows are stored. Errors: 400 without a header row.
     */
    registerMany: async ({ body }, ctx) => {
      const clientId = targetClient(ctx, body.client_id);
      const client = await clientOf(clientId);
      const text = body.csv ?? decodeCsvBytes(Buffer.from(body.csvBase64 ?? '', 'base64'));
      const { header, records } = parseCsv(text);
      if (!header.includes('email')) throw Errors.field('csv', 'The CSV needs a header row with at least firstName, lastName, email');
      if (records.length > IMPORT_MAX_ROWS) throw Errors.field('csv', `At most ${IMPORT_MAX_ROWS} rows per import`);
      const rows = records.map((rec) => {
        const input: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(rec.values)) if (v !== '') input[k] = v;
        if (input.password) input.confirmPassword = input.password;
        return { row: rec.line, input, errors: rec.errors };
      });
      const progress = importProgress(ctx, clientId, body.importId, rows.length);
      const actor = await actorOf(ctx);
      const out = await db.inTenant({ clientId }, async (tx) => {
        const { report, good } = await prepare(tx, clientId, rows, initialRoles(client), importRowBody, clientLang(client));
        progress.step(rows.length - good.length); // rejected rows are done once validated
        const inserted = await insertGood(tx, good, () => progress.step());
        const byRow = new Map(report.map((x) => [x.row, x]));
        for (const g of good) {
          const r = byRow.get(g.row)!;
          if (inserted.has(g.user.id!)) r._id = g.user.id;
          else Object.assign(r, { ok: false, errors: [{ field: 'email', code: 'emailTaken', message: PEOPLE_TEXT.emailTaken }] });
        }
        const created = [...inserted.values()].map(toUser);
        for (const u of created) await addUserEvent(tx, 'userCreated', u);
        const imported = report.filter((r) => r.ok).length;
        // One entry per import (issue 18 §2): what came in, never the rows' data.
        await journal.add(
          tx,
          { clientId, actor },
          {
            section: 'import',
            action: 'import.csv',
            object: { type: 'import', id: body.importId ?? null, title: null },
            after: { rows: report.length, imported, failed: report.length - imported },
          },
        );
        return { report, created };
      });
      progress.finish();
      const imported = out.report.filter((r) => r.ok).length;
      return { imported, failed: out.report.length - imported, rows: out.report };
    },

    /**
     * §7 GET api/user/{id}: a user of the caller's client; anything else is 404. One's own record is always
     * readable; another's needs the address book right (§6 `address`; admins always). Errors: 403 'No access'.
     */
    get: async ({ params }, ctx) => {
      // 'system' is the other services asking (projections, mentions); no user can hold that role.
      if (params.id !== ctx.userId && !isAdmin(ctx) && !ctx.roles.includes('address') && !ctx.roles.includes('system')) throw Errors.noAccess();
      // One's own record is always readable, even by a superadmin working inside a selected workspace.
      const row =
        params.id === ctx.userId && isSuper(ctx)
          ? await db.asSystem(`superadmin ${ctx.userId}: own record`, (tx) => users.byId(tx, params.id))
          : await run(ctx, `get user ${params.id}`, (tx) => users.byId(tx, params.id));
      if (!row) throw Errors.notFound();
      return toUser(row);
    },

    /** §7 GET api/user/for_client/{clientId}: active users of the caller's client (route needs `address`, §6). */
    forClient: async ({ params }, ctx) => {
      const clientId = targetClient(ctx, params.clientId);
      const rows = await db.inTenant({ clientId }, (tx) => users.forClient(tx, clientId));
      return rows.map(toUser);
    },

    /**
     * §7 POST api/user/filter/{workspace} {data}: search, sort and page the client's users — the address book
     * (route needs `address`, §6); deleted ones on request, admins only. Errors: 404 other workspace, 403.
     */
    filter: async ({ params, body }, ctx) => {
      const clientId = isSuper(ctx)
        ? (
            await ask(bus, clientSubjects.internalByWorkspace, systemContext(), { workspace: params.workspace }).catch(() => {
              throw Errors.notFound();
            })
          )._id
        : targetClient(ctx);
      if (!isSuper(ctx) && ctx.workspace && params.workspace.toLowerCase() !== ctx.workspace) throw Errors.notFound();
      const d = body.data;
      if (d.deleted && !isAdmin(ctx)) throw Errors.forbidden();
      const { rows, total } = await db.inTenant({ clientId }, (tx) =>
        users.filter(tx, {
          clientId,
          search: d.search,
          deleted: d.deleted,
          namesFirst: d.namesFirst,
          sort: d.sort,
          order: d.order,
          offset: (d.page - 1) * d.limit,
          limit: d.limit,
        }),
      );
      return { users: rows.map(toUser), total, page: d.page, limit: d.limit };
    },

    /**
     * §7 PUT api/user/{id}: own profile (needs profile_edit, except a body of only `lang`) or any user of the
     * client for an admin.
     * `status` ('blocked' | 'active', §4 Employee states) only for admins; blocking ends all the user's sessions.
     * Errors: 404, 403 ('No access'; 'You cannot block yourself'; 'Administrator cannot be blocked'),
     * §5 field errors, e-mail/login taken.
     */
    update: async ({ params, body }, ctx) => {
      const self = params.id === ctx.userId;
      // Everyone may keep their own interface language (the header switcher saves it); other fields need profile_edit.
      const langOnly = Object.keys(body).every((k) => k === 'lang');
      if (!isAdmin(ctx) && !(self && (ctx.roles.includes('profile_edit') || langOnly))) throw Errors.forbidden();
      const { password, confirmPassword: _c, status, ...profile } = body;
      if ((status !== undefined || body.vacationDays !== undefined) && !isAdmin(ctx)) throw Errors.forbidden();
      if (status === 'blocked' && self) throw Errors.forbidden(PEOPLE_TEXT.cannotBlockSelf);
      const hash = password ? await hashPassword(password) : undefined;
      const actor = status !== undefined ? await actorOf(ctx) : null;
      const { user: updated } = await run(ctx, `update user ${params.id}`, async (tx) => {
        const cur = await users.byId(tx, params.id);
        if (!cur) throw Errors.notFound();
        const blocking = status === 'blocked' && cur.status !== 'blocked';
        if (blocking && (cur.roles.includes('admin') || cur.roles.includes('superadmin'))) throw Errors.forbidden(PEOPLE_TEXT.cannotBlockAdmin);
        const cols = profileColumns(profile);
        if (cur.clientId && (cols.email || cols.login)) {
          const taken = await users.taken(tx, cur.clientId, cols.email ? [cols.email] : [], cols.login ? [cols.login] : [], cur.id);
          if (cols.email && taken.emails.size) throw Errors.conflict('email', PEOPLE_TEXT.emailTaken);
          if (cols.login && taken.logins.size) throw Errors.conflict('login', PEOPLE_TEXT.loginTaken);
        }
        const row = await users.update(tx, cur.id, { ...cols, ...(hash ? { passwordHash: hash } : {}), ...(status ? { status } : {}) });
        // Same as deletion: a blocked user's tokens stop working at once.
        const user = toUser(row!);
        await addUserEvent(tx, 'userUpdated', user);
        if (actor && user.client_id && cur.status !== row!.status) {
          await journalUser(
            tx,
            actor,
            user,
            'users',
            row!.status === 'blocked' ? 'user.block' : 'user.unblock',
            { status: cur.status },
            { status: row!.status },
          );
        }
        await addRevoked(tx, user.client_id, user._id, blocking ? await sessionsRepository.revokeAllOf(tx, cur.id) : []);
        return { user };
      });
      // A block ends the sessions at once (gateways drop them on the event); other edits refresh caches as soon.
      await outbox.published();
      return updated;
    },

    /** §7 PUT api/user/delete/{id}: marks deleted and ends their sessions. Errors: cannot delete self or an administrator. */
    delete: async ({ params }, ctx) => {
      if (params.id === ctx.userId) throw Errors.forbidden(PEOPLE_TEXT.cannotDeleteSelf);
      const actor = await actorOf(ctx);
      const user = await run(ctx, `delete user ${params.id}`, async (tx) => {
        const cur = await users.byId(tx, params.id);
        if (!cur) throw Errors.notFound();
        if (cur.roles.includes('admin') || cur.roles.includes('superadmin')) throw Errors.forbidden(PEOPLE_TEXT.cannotDeleteAdmin);
        const deleted = toUser((await users.update(tx, cur.id, { deletionMark: true }))!);
        await addUserEvent(tx, 'userDeleted', deleted);
        if (deleted.client_id) await journalUser(tx, actor, deleted, 'users', 'user.delete', { deletion_mark: cur.deletionMark }, { deletion_mark: true });
        // Always sent (also with no live session), as before: the gateway forgets the user at once.
        await outbox.add(tx, peopleEvents.sessionRevoked, deleted.client_id, {
          sessionIds: await sessionsRepository.revokeAllOf(tx, cur.id),
          userId: deleted._id,
        });
        return deleted;
      });
      await outbox.published();
      return user;
    },

    /** §7 PUT api/user/undelete/{id}: restores a deleted user. */
    undelete: async ({ params }, ctx) => {
      const actor = await actorOf(ctx);
      const user = await run(ctx, `undelete user ${params.id}`, async (tx) => {
        const cur = await users.byId(tx, params.id);
        if (!cur) throw Errors.notFound();
        const restored = toUser((await users.update(tx, cur.id, { deletionMark: false }))!);
        await addUserEvent(tx, 'userUpdated', restored);
        if (restored.client_id) await journalUser(tx, actor, restored, 'users', 'user.undelete', { deletion_mark: cur.deletionMark }, { deletion_mark: false });
        return restored;
      });
      return user;
    },

    /**
     * §7 POST api/user/load_hrm {client_id?} → { created, updated, unchanged, fired, failed[] }: employees of the HR
     * system (1C:ZUP standard OData: Catalog_Сотрудники with Catalog_ФизическиеЛица), read first and then applied in
     * one transaction. Matched by tab number (`Code`, stored as hr_code), else tax id: names, tax id, birth date and
     * gender follow HR; one in the archive (ВАрхиве) is marked deleted and signed out (fired, §4), none is removed.
     * Position and department follow the newest record of InformationRegister_КадроваяИсторияСотрудников (its
     * SliceLast) with Catalog_Должности's names: the employee's `position` and `department` texts are set, and their
     * department-user record moves to the administrative department loaded from HR with that key (load_struct; other
     * HR-loaded memberships of theirs are removed, ones made here are kept). A department not loaded yet leaves the
     * membership as it is and adds a `failed` entry (reason 'department not loaded') for that row. Each department
     * whose members this changed gets one evt.people.dept_users.updated (added / removed over the whole load).
     * New ones are created like CSV rows (§5 rules; an e-mail from the person's contact information is required,
     * else the row fails) with the client's initial rights and no password ('Forgot password' sets one).
     * Errors: 400 'HR integration needs tax id', 'Connect the HR system first'; 503 'Loading the structure from the
     * HR system failed' (code loading_struct_hrm_error) when the HR system is out of reach — nothing is changed.
     * With an `importId`, `evt.people.import.progress` events (rows done of the HR system's employees, and the counts
     * so far) go to the caller's sockets while the rows are applied; the last one has phase 'done'.
     */
    loadHrm: async ({ body }, ctx) => {
      const clientId = targetClient(ctx, body.client_id);
      const hr = await ask(bus, clientSubjects.internalHr, systemContext(), { id: clientId }).catch(() => {
        throw Errors.notFound();
      });
      if (!hr.taxNumber) throw Errors.badRequest(HR_TEXT.needsTaxId);
      if (!hr.url) throw Errors.badRequest(HR_TEXT.notConnected);
      const conn = { url: hr.url, login: hr.login, password: hr.password };
      const { employees, persons } = await zupEmployees(conn);
      const { positions, placements } = await zupPlacements(conn);
      const client = await clientOf(clientId);
      const actor = await actorOf(ctx);
      return db.inTenant({ clientId }, async (tx) => {
        const existing = await tx.select().from(usersTable).where(eq(usersTable.clientId, clientId));
        // Administrative departments loaded from HR (by Ref_Key) and who is in them now.
        const hrDepts = await tx
          .select({ id: departments.id, name: departments.name, hrRef: departments.hrRef })
          .from(departments)
          .where(and(eq(departments.clientId, clientId), eq(departments.kind, 'adm'), isNotNull(departments.hrRef)));
        const deptByRef = new Map(hrDepts.map((d) => [d.hrRef!, d]));
        const hrDeptIds = hrDepts.map((d) => d.id);
        // Members and heads before the load: who is where, and what the membership events compare against.
        const membersBefore = await membersOf(tx, hrDeptIds);
        const memberOf = new Map<string, Set<string>>();
        for (const [deptId, m] of membersBefore) for (const userId of m.users) memberOf.set(userId, (memberOf.get(userId) ?? new Set()).add(deptId));
        /** HR departments whose members this load changed (their evt.people.dept_users.updated go out at the end). */
        const touched = new Set<string>();
        /** HR placement of one employee: position and department texts to set, the department to be a member of. */
        const placeOf = (e: (typeof employees)[number]) => {
          const pl = placements.get(e.Ref_Key);
          const dept = pl?.departmentRef ? deptByRef.get(pl.departmentRef) : undefined;
          const position = pl?.positionRef ? positions.get(pl.positionRef) : undefined;
          return {
            fields: { ...(position ? { position: position.slice(0, 100) } : {}), ...(dept ? { department: dept.name.slice(0, 100) } : {}) },
            deptId: dept?.id,
            missingDept: !!pl?.departmentRef && !dept,
          };
        };
        /** Makes `deptId` the user's only HR-loaded department; true when something changed. */
        const placeIn = async (userId: string, deptId: string | undefined) => {
          if (!deptId) return false;
          const cur = memberOf.get(userId) ?? new Set<string>();
          if (cur.size === 1 && cur.has(deptId)) return false;
          const leave = [...cur].filter((d) => d !== deptId);
          if (leave.length) await tx.delete(deptUsers).where(and(eq(deptUsers.userId, userId), inArray(deptUsers.deptId, leave)));
          if (!cur.has(deptId)) await tx.insert(deptUsers).values({ deptId, userId, clientId }).onConflictDoNothing();
          for (const d of [...leave, deptId]) touched.add(d);
          memberOf.set(userId, new Set([deptId]));
          return true;
        };
        const deptFailed = (code: string, name: string) => out.failed.push({ code, name, reason: 'department not loaded' });
        const byCode = new Map(existing.filter((u) => u.hrCode).map((u) => [u.hrCode!, u]));
        const byInn = new Map(existing.filter((u) => u.inn).map((u) => [u.inn!, u]));
        const out = { created: 0, updated: 0, unchanged: 0, fired: 0, failed: [] as { code: string; name: string; reason: string }[] };
        let creating = 0;
        const progress = importProgress(ctx, clientId, body.importId, employees.length, () => ({
          created: out.created + creating,
          updated: out.updated,
          unchanged: out.unchanged,
          fired: out.fired,
          failed: out.failed.length,
        }));
        const fresh: { row: number; input: Record<string, unknown>; code: string; inn: string | null; deptId?: string }[] = [];
        for (const [i, e] of employees.entries()) {
          // Rows to create are counted done when stored (below); every other row once decided here.
          const queued = fresh.length;
          await applyOne(i, e);
          if (fresh.length === queued) progress.step();
        }
        /** Decides one HR employee: skipped, failed, unchanged, updated, fired, or queued in `fresh` to be created. */
        async function applyOne(i: number, e: (typeof employees)[number]) {
          const code = String(e.Code ?? '').trim();
          const name = String(e.Description ?? '').trim();
          const p = persons.get(e.ФизическоеЛицо_Key);
          if (e.DeletionMark) return;
          if (!p || !code) {
            out.failed.push({ code, name, reason: !code ? 'no tab number' : 'no physical person' });
            return;
          }
          const inn = p.ИНН?.trim() || null;
          const fields = {
            firstName: p.Имя?.trim() ?? '',
            lastName: p.Фамилия?.trim() ?? '',
            middleName: p.Отчество?.trim() || null,
            birthDate: zupDate(p.ДатаРождения),
            gender: zupGender(p.Пол),
          };
          const cur: UserRow | undefined = byCode.get(code) ?? (inn ? byInn.get(inn) : undefined);
          const place = e.ВАрхиве ? { fields: {}, deptId: undefined, missingDept: false } : placeOf(e);
          if (!cur) {
            // A fired employee never imported before: nothing to create.
            if (!e.ВАрхиве) fresh.push({ row: i + 1, input: { ...fields, ...place.fields, email: zupEmail(p) ?? '' }, code, inn, deptId: place.deptId });
            if (!e.ВАрхиве && place.missingDept) deptFailed(code, name);
            return;
          }
          if (place.missingDept) deptFailed(code, name);
          const patch: Partial<NewUser> = {};
          for (const [k, v] of Object.entries({ ...fields, ...place.fields, inn, hrCode: code }) as [keyof NewUser & keyof UserRow, never][])
            if (v !== '' && cur[k] !== v) patch[k] = v;
          const firing = !!e.ВАрхиве && !cur.deletionMark && !cur.roles.includes('admin');
          if (firing) patch.deletionMark = true;
          const moved = await placeIn(cur.id, place.deptId);
          if (!Object.keys(patch).length) {
            if (moved) {
              out.updated++;
              await addUserEvent(tx, 'userUpdated', toUser(cur));
            } else out.unchanged++;
            return;
          }
          const user = toUser((await users.update(tx, cur.id, patch))!);
          if (firing) {
            out.fired++;
            await addUserEvent(tx, 'userDeleted', user);
            await outbox.add(tx, peopleEvents.sessionRevoked, clientId, { sessionIds: await sessionsRepository.revokeAllOf(tx, cur.id), userId: cur.id });
          } else {
            out.updated++;
            await addUserEvent(tx, 'userUpdated', user);
          }
        }
        const { report, good } = await prepare(
          tx,
          clientId,
          fresh.map((f) => ({ row: f.row, input: f.input })),
          initialRoles(client),
          importRowBody,
          clientLang(client),
        );
        const byRow = new Map(fresh.map((f) => [f.row, f]));
        // HR is the source of the tax id (a person's is 12 digits): stored as it comes, not checked against §5's 10.
        for (const g of good) Object.assign(g.user, { hrCode: byRow.get(g.row)!.code, inn: byRow.get(g.row)!.inn });
        progress.step(fresh.length - good.length); // rejected new rows are done once validated
        const inserted = await insertGood(tx, good, () => {
          creating++;
          progress.step();
        });
        const freshByCode = new Map(fresh.map((f) => [f.code, f]));
        for (const u of inserted.values()) {
          await placeIn(u.id, freshByCode.get(u.hrCode ?? '')?.deptId);
          await addUserEvent(tx, 'userCreated', toUser(u));
        }
        out.created = inserted.size;
        creating = 0;
        // The per-employee events above do not tell an open /structure_new chart that departments' members changed:
        // one evt.people.dept_users.updated per department whose members (or head) this load changed.
        await addMembershipEvents(tx, outbox, clientId, 'adm', new Map([...touched].map((id) => [id, membersBefore.get(id)!])), ctx.userId);
        for (const r of report.filter((x) => !x.ok)) {
          const f = byRow.get(r.row)!;
          out.failed.push({ code: f.code, name: `${f.input.lastName} ${f.input.firstName}`.trim(), reason: r.errors?.[0]?.message ?? 'invalid' });
        }
        await journal.add(
          tx,
          { clientId, actor },
          {
            section: 'hr',
            action: 'hr.sync',
            object: { type: 'client', id: clientId, title: null },
            after: { created: out.created, updated: out.updated, unchanged: out.unchanged, fired: out.fired, failed: out.failed.length },
          },
        );
        progress.finish();
        return out;
      });
    },

    /**
     * §7 POST api/user/reset_to_hrm {user_id}: the employee's names, tax id, birth date and gender become the HR
     * system's again (matched by tab number, else tax id); one in the HR archive is marked deleted and signed out.
     * Errors: 404; 400 'HR integration needs tax id', 'Connect the HR system first', 'The employee was not found in
     * the HR system'; 503 'Resetting to the HR data failed' (code reseting_hrm_error) when the HR system does not answer.
     */
    resetToHrm: async ({ body }, ctx) => {
      const clientId = targetClient(ctx);
      const found = await db.inTenant({ clientId }, (tx) => users.byId(tx, body.user_id));
      if (!found) throw Errors.notFound();
      const hr = await ask(bus, clientSubjects.internalHr, systemContext(), { id: clientId });
      if (!hr.taxNumber) throw Errors.badRequest(HR_TEXT.needsTaxId);
      if (!hr.url) throw Errors.badRequest(HR_TEXT.notConnected);
      const { employees, persons } = await zupEmployees({ url: hr.url, login: hr.login, password: hr.password }).catch((err: unknown) => {
        if (err instanceof DomainError && err.code === HR_CODES.loadStruct) throw new DomainError('unavailable', HR_TEXT.resetFailed, { code: HR_CODES.reset });
        throw err;
      });
      const e =
        employees.find((x) => !x.DeletionMark && found.hrCode && String(x.Code).trim() === found.hrCode) ??
        employees.find((x) => !x.DeletionMark && found.inn && persons.get(x.ФизическоеЛицо_Key)?.ИНН?.trim() === found.inn);
      const p = e && persons.get(e.ФизическоеЛицо_Key);
      if (!e || !p) throw Errors.badRequest(HR_TEXT.notInHr);
      return db.inTenant({ clientId }, async (tx) => {
        const cur = (await users.byId(tx, body.user_id))!;
        const firing = !!e.ВАрхиве && !cur.deletionMark && !cur.roles.includes('admin');
        const patch: Partial<NewUser> = {
          ...(p.Имя?.trim() ? { firstName: p.Имя.trim() } : {}),
          ...(p.Фамилия?.trim() ? { lastName: p.Фамилия.trim() } : {}),
          middleName: p.Отчество?.trim() || null,
          inn: p.ИНН?.trim() || null,
          birthDate: zupDate(p.ДатаРождения),
          gender: zupGender(p.Пол),
          hrCode: String(e.Code).trim(),
          ...(firing ? { deletionMark: true } : {}),
        };
        const user = toUser((await users.update(tx, cur.id, patch))!);
        await addUserEvent(tx, firing ? 'userDeleted' : 'userUpdated', user);
        if (firing)
          await outbox.add(tx, peopleEvents.sessionRevoked, clientId, { sessionIds: await sessionsRepository.revokeAllOf(tx, cur.id), userId: cur.id });
        return user;
      });
    },

    /** §7 PUT api/clients/{clientId}/role/{role}: adds a role or right to every user of the client but the caller. */
    clientRoleAdd: async ({ params }, ctx) => {
      const clientId = targetClient(ctx, params.clientId);
      const actor = await actorOf(ctx);
      const updated = await db.inTenant({ clientId }, async (tx) => {
        const n = await users.addRoleAll(tx, clientId, params.role, ctx.userId);
        await outbox.add(tx, peopleEvents.userUpdated, clientId, { bulk: true, role: params.role });
        await journal.add(
          tx,
          { clientId, actor },
          { section: 'roles', action: 'role.add_all', object: { type: 'client', id: clientId }, after: { role: params.role, users: n } },
        );
        return n;
      });
      await outbox.published();
      return { updated };
    },

    /** §7 DELETE api/clients/{clientId}/role/{role}: removes it from every non-deleted user but the caller (§6). */
    clientRoleRemove: async ({ params }, ctx) => {
      const clientId = targetClient(ctx, params.clientId);
      const actor = await actorOf(ctx);
      const updated = await db.inTenant({ clientId }, async (tx) => {
        const n = await users.removeRoleAll(tx, clientId, params.role, ctx.userId);
        await outbox.add(tx, peopleEvents.userUpdated, clientId, { bulk: true, role: params.role });
        await journal.add(
          tx,
          { clientId, actor },
          { section: 'roles', action: 'role.remove_all', object: { type: 'client', id: clientId }, after: { role: params.role, users: n } },
        );
        return n;
      });
      await outbox.published();
      return { updated };
    },

    /** §7 PUT api/user/{userId}/role/{role}. Errors: own role cannot be changed (403), 404. */
    userRoleAdd: async ({ params }, ctx) => {
      if (params.userId === ctx.userId) throw Errors.forbidden(PEOPLE_TEXT.cannotChangeOwnRole);
      const actor = await actorOf(ctx);
      const user = await run(ctx, `add role ${params.role}`, async (tx) => {
        const cur = await users.byId(tx, params.userId);
        if (!cur) throw Errors.notFound();
        const changed = toUser((await users.update(tx, cur.id, { roles: [...new Set([...cur.roles, params.role])] }))!);
        await addUserEvent(tx, 'userUpdated', changed);
        if (changed.client_id) await journalUser(tx, actor, changed, 'roles', 'role.add', { roles: cur.roles }, { role: params.role, roles: changed.roles });
        return changed;
      });
      // Roles are checked by the gateway from its session cache, which drops the user on this event.
      await outbox.published();
      return user;
    },

    /** §7 DELETE api/user/{userId}/role/{role}. Errors: own role cannot be changed (403), 404. */
    userRoleRemove: async ({ params }, ctx) => {
      if (params.userId === ctx.userId) throw Errors.forbidden(PEOPLE_TEXT.cannotChangeOwnRole);
      const actor = await actorOf(ctx);
      const user = await run(ctx, `remove role ${params.role}`, async (tx) => {
        const cur = await users.byId(tx, params.userId);
        if (!cur) throw Errors.notFound();
        const changed = toUser((await users.update(tx, cur.id, { roles: cur.roles.filter((r) => r !== params.role) }))!);
        await addUserEvent(tx, 'userUpdated', changed);
        if (changed.client_id) await journalUser(tx, actor, changed, 'roles', 'role.remove', { roles: cur.roles }, { role: params.role, roles: changed.roles });
        return changed;
      });
      // Roles are checked by the gateway from its session cache, which drops the user on this event.
      await outbox.published();
      return user;
    },
  };
}
