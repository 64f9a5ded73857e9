import { Injectable } from '@nestjs/common';
import type { Client } from '@intranet/clients-contract';
import { PEOPLE_TEXT, type importRowBody, type registerBody } from '@intranet/people-contract';
import { hashPassword } from '@intranet/platform-auth';
import { DEFAULT_INITIAL_RIGHTS, zodFieldErrors } from '@intranet/platform-contracts';
import { uuidv7, type Tx } from '@intranet/platform-db';
import type { FieldError } from '@intranet/platform-errors';
import { profileColumns } from '../mapping.ts';
import type { UserRow } from '../schema.ts';
import { UsersRepository, type NewUser } from '../users.repository.ts';

/** One row's outcome in an import report (row: its line, or 1 for a single registration). */
export interface RowReport {
  row: number;
  ok: boolean;
  email: string | null;
  errors?: FieldError[];
  _id?: string;
  noPassword?: boolean;
}

/** A row that passed §5 and the uniqueness checks: the user to insert and the password to hash, if any. */
export interface GoodRow {
  row: number;
  user: NewUser;
  password?: string;
}

/** The client's language (§3 Client lang) as a user language; 'ua' is Ukrainian; anything else Russian. */
export function clientLang(client: Pick<Client, 'lang'>): string {
  const l = (client.lang ?? '').toLowerCase();
  return l === 'ua' ? 'uk' : ['ru', 'uk', 'en'].includes(l) ? l : 'ru';
}

/** The roles of a new employee of `client` (§6): employee, the client's initial rights (or the default ones), `extra`. */
export function initialRoles(client: Pick<Client, 'settings'>, extra: readonly string[] = []): string[] {
  return [...new Set(['employee', ...(client.settings.initialRights ?? DEFAULT_INITIAL_RIGHTS), ...extra])];
}

/** New employees from a form, a CSV file or the HR system: §5 checks, uniqueness in the client, hashing and insert. */
@Injectable()
export class NewUsers {
  constructor(private readonly users: UsersRepository) {}

  /**
   * Validates rows against §5 (`schema`: registerBody for one employee, importRowBody for CSV rows) and the
   * client's existing accounts and the rows before; returns per-row reports and the good rows (with `roles` and the
   * client's `lang` as default).
   */
  async prepare(
    tx: Tx,
    clientId: string,
    rows: { row: number; input: unknown; errors?: FieldError[] }[],
    roles: string[],
    schema: typeof registerBody | typeof importRowBody,
    lang: string,
  ): Promise<{ report: RowReport[]; good: GoodRow[] }> {
    const report: RowReport[] = [];
    const good: GoodRow[] = [];
    const parsed = rows.map(({ row, input }) => ({ row, input, res: schema.safeParse(input) }));
    const emails = parsed.flatMap((p) => (p.res.success ? [p.res.data.email] : []));
    const logins = parsed.flatMap((p) => (p.res.success && p.res.data.login ? [p.res.data.login] : []));
    const taken = await this.users.taken(tx, clientId, emails, logins);
    const seenEmail = new Set<string>();
    const seenLogin = new Set<string>();
    for (const [i, p] of parsed.entries()) {
      const email =
        typeof (p.input as { email?: unknown })?.email === 'string'
          ? String((p.input as { email: string }).email)
              .trim()
              .toLowerCase() || null
          : null;
      const recordErrors = rows[i].errors ?? [];
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
   * Hashes passwords (argon2id, on the thread pool) and inserts the good rows; `onRow` is called as each row is
   * ready to be stored (import progress). Output: the inserted rows by id (a row clashing meanwhile is absent).
   */
  async insert(tx: Tx, good: GoodRow[], onRow?: () => void): Promise<Map<string, UserRow>> {
    const hashed = await Promise.all(
      good.map(async (g) => {
        const passwordHash = g.password ? await hashPassword(g.password) : null;
        onRow?.();
        return { ...g.user, passwordHash };
      }),
    );
    // Chunks keep each statement under PostgreSQL's 65,535 bind parameters (10,000 rows × ~25 columns would not be).
    const inserted: UserRow[] = [];
    for (let i = 0; i < hashed.length; i += 1000) inserted.push(...(await this.users.insertMany(tx, hashed.slice(i, i + 1000))));
    return new Map(inserted.map((u) => [u.id, u]));
  }
}
