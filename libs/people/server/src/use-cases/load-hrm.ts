import { Inject, Injectable } from '@nestjs/common';
import { importRowBody, type peopleRoutes, type User } from '@intranet/people-contract';
import { HR_CODES, HR_TEXT } from '@intranet/people-contract/structure';
import { journal } from '@intranet/platform-audit';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { targetClient } from '../access.ts';
import { ClientsPort } from '../clients-port.ts';
import { zupDate, zupEmail, zupEmployees, zupGender, zupPlacements, type ZupEmployee } from '../hr.ts';
import { toUser } from '../mapping.ts';
import type { UserRow } from '../schema.ts';
import { StructureEvents } from '../structure-events.ts';
import { StructureRepository } from '../structure.repository.ts';
import { UserChanges } from '../user-changes.service.ts';
import { UsersRepository, type NewUser } from '../users.repository.ts';
import { clientLang, initialRoles, NewUsers } from './new-users.ts';

/** The outcome of one HR load (§7 POST api/user/load_hrm). */
interface LoadOutcome {
  created: number;
  updated: number;
  unchanged: number;
  fired: number;
  failed: { code: string; name: string; reason: string }[];
}

/** Employees from the HR system (1C:ZUP, issue 12): the whole load, and one employee reset to HR's data. */
@Injectable()
export class LoadHrm {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly clients: ClientsPort,
    private readonly users: UsersRepository,
    private readonly structure: StructureRepository,
    private readonly structureEvents: StructureEvents,
    private readonly newUsers: NewUsers,
    private readonly changes: UserChanges,
  ) {}

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
  async loadHrm({ body }: RouteInput<typeof peopleRoutes.userLoadHrm>, ctx: RequestContext): Promise<LoadOutcome> {
    const clientId = targetClient(ctx, body.client_id);
    const conn = await this.clients.hrConnection(clientId);
    const { employees, persons } = await zupEmployees(conn);
    const { positions, placements } = await zupPlacements(conn);
    const client = await this.clients.forUsers(clientId);
    const actor = await this.changes.actorOf(ctx);
    const { users, structure, changes } = this;
    return this.db.inTenant({ clientId }, async (tx) => {
      const existing = await users.ofClient(tx, clientId);
      // Administrative departments loaded from HR (by Ref_Key) and who is in them now.
      const hrDepts = await structure.hrLoaded(tx, clientId);
      const deptByRef = new Map(hrDepts.map((d) => [d.hrRef!, d]));
      // Members and heads before the load: who is where, and what the membership events compare against.
      const membersBefore = await structure.membersOf(
        tx,
        hrDepts.map((d) => d.id),
      );
      const memberOf = new Map<string, Set<string>>();
      for (const [deptId, m] of membersBefore) for (const userId of m.users) memberOf.set(userId, (memberOf.get(userId) ?? new Set()).add(deptId));
      /** HR departments whose members this load changed (their evt.people.dept_users.updated go out at the end). */
      const touched = new Set<string>();
      /** HR placement of one employee: position and department texts to set, the department to be a member of. */
      const placeOf = (e: ZupEmployee) => {
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
        await structure.leave(tx, userId, leave);
        if (!cur.has(deptId)) await structure.addMembers(tx, deptId, clientId, [userId]);
        for (const d of [...leave, deptId]) touched.add(d);
        memberOf.set(userId, new Set([deptId]));
        return true;
      };
      const out: LoadOutcome = { created: 0, updated: 0, unchanged: 0, fired: 0, failed: [] };
      const deptFailed = (code: string, name: string) => out.failed.push({ code, name, reason: 'department not loaded' });
      const byCode = new Map(existing.filter((u) => u.hrCode).map((u) => [u.hrCode!, u]));
      const byInn = new Map(existing.filter((u) => u.inn).map((u) => [u.inn!, u]));
      let creating = 0;
      const progress = changes.importProgress(ctx, clientId, body.importId, employees.length, () => ({
        created: out.created + creating,
        updated: out.updated,
        unchanged: out.unchanged,
        fired: out.fired,
        failed: out.failed.length,
      }));
      const fresh: { row: number; input: Record<string, unknown>; code: string; inn: string | null; deptId?: string }[] = [];
      /** Decides one HR employee: skipped, failed, unchanged, updated, fired, or queued in `fresh` to be created. */
      const applyOne = async (i: number, e: ZupEmployee) => {
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
            await changes.addUserEvent(tx, 'userUpdated', toUser(cur));
          } else out.unchanged++;
          return;
        }
        const user = toUser((await users.update(tx, cur.id, patch))!);
        if (firing) {
          out.fired++;
          await changes.addUserEvent(tx, 'userDeleted', user);
          await changes.signOutEverywhere(tx, clientId, cur.id);
        } else {
          out.updated++;
          await changes.addUserEvent(tx, 'userUpdated', user);
        }
      };
      for (const [i, e] of employees.entries()) {
        // Rows to create are counted done when stored (below); every other row once decided here.
        const queued = fresh.length;
        await applyOne(i, e);
        if (fresh.length === queued) progress.step();
      }
      const { report, good } = await this.newUsers.prepare(
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
      const inserted = await this.newUsers.insert(tx, good, () => {
        creating++;
        progress.step();
      });
      const freshByCode = new Map(fresh.map((f) => [f.code, f]));
      for (const u of inserted.values()) {
        await placeIn(u.id, freshByCode.get(u.hrCode ?? '')?.deptId);
        await changes.addUserEvent(tx, 'userCreated', toUser(u));
      }
      out.created = inserted.size;
      creating = 0;
      // The per-employee events above do not tell an open /structure_new chart that departments' members changed:
      // one evt.people.dept_users.updated per department whose members (or head) this load changed.
      await this.structureEvents.membershipsChanged(tx, clientId, 'adm', new Map([...touched].map((id) => [id, membersBefore.get(id)!])), ctx.userId);
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
  }

  /**
   * §7 POST api/user/reset_to_hrm {user_id}: the employee's names, tax id, birth date and gender become the HR
   * system's again (matched by tab number, else tax id); one in the HR archive is marked deleted and signed out.
   * Errors: 404; 400 'HR integration needs tax id', 'Connect the HR system first', 'The employee was not found in
   * the HR system'; 503 'Resetting to the HR data failed' (code reseting_hrm_error) when the HR system does not answer.
   */
  async resetToHrm({ body }: RouteInput<typeof peopleRoutes.userResetToHrm>, ctx: RequestContext): Promise<User> {
    const clientId = targetClient(ctx);
    const found = await this.db.inTenant({ clientId }, (tx) => this.users.byId(tx, body.user_id));
    if (!found) throw Errors.notFound();
    const conn = await this.clients.hrConnection(clientId);
    const { employees, persons } = await zupEmployees(conn).catch((err: unknown) => {
      if (err instanceof DomainError && err.code === HR_CODES.loadStruct) throw new DomainError('unavailable', HR_TEXT.resetFailed, { code: HR_CODES.reset });
      throw err;
    });
    const e =
      employees.find((x) => !x.DeletionMark && found.hrCode && String(x.Code).trim() === found.hrCode) ??
      employees.find((x) => !x.DeletionMark && found.inn && persons.get(x.ФизическоеЛицо_Key)?.ИНН?.trim() === found.inn);
    const p = e && persons.get(e.ФизическоеЛицо_Key);
    if (!e || !p) throw Errors.badRequest(HR_TEXT.notInHr);
    return this.db.inTenant({ clientId }, async (tx) => {
      const cur = (await this.users.byId(tx, body.user_id))!;
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
      const user = toUser((await this.users.update(tx, cur.id, patch))!);
      await this.changes.addUserEvent(tx, firing ? 'userDeleted' : 'userUpdated', user);
      if (firing) await this.changes.signOutEverywhere(tx, clientId, cur.id);
      return user;
    });
  }
}
