import { fakerEN, fakerRU, fakerUK, type Faker } from '@faker-js/faker';
import { clientRoutes, clientSubjects, type Client } from '@intranet/clients-contract';
import { PEOPLE_TEXT, peopleRoutes } from '@intranet/people-contract';
import { ask, type Bus, type RequestContext } from '@intranet/platform-bus';
import { DomainError } from '@intranet/platform-errors';
import Papa from 'papaparse';
import { randomBytes } from 'node:crypto';

const superadmin: RequestContext = { clientId: null, userId: null, roles: ['superadmin'], workspace: null, lang: 'en' };
const LOCALES: Faker[] = [fakerRU, fakerUK, fakerEN];
const DEPARTMENTS = ['Sales', 'Marketing', 'Engineering', 'Finance', 'HR', 'Support', 'Logistics', 'Legal'];
const CITIES = ['Kyiv', 'Lviv', 'Moscow', 'London', 'Warsaw', 'Berlin', 'Odesa', 'Kazan'];

/** Fits a generated name into the §5 rules (letters only, max 20 symbols). */
const fit = (s: string) =>
  s
    .replace(/[^\p{L}\p{M}' -]/gu, '')
    .slice(0, 20)
    .trim() || 'Name';

/** CSV text of `count` generated employees (ru, uk and en names in turn) for `workspace`. */
export function demoCsv(workspace: string, count: number, seed = 42): string {
  const rows = Array.from({ length: count }, (_, i) => {
    const f = LOCALES[i % LOCALES.length];
    f.seed(seed + i);
    const sex = i % 2 ? 'female' : 'male';
    return {
      firstName: fit(f.person.firstName(sex)),
      lastName: fit(f.person.lastName(sex)),
      email: `employee${i + 1}@${workspace}.example.com`,
      phone: `+380 ${String(500000000 + i * 7919).slice(0, 9)}`,
      position: f.person.jobTitle().slice(0, 100),
      department: DEPARTMENTS[i % DEPARTMENTS.length],
      city: CITIES[i % CITIES.length],
      birthDate: f.date.birthdate({ min: 20, max: 60, mode: 'age' }).toISOString().slice(0, 10),
      workingSince: f.date.past({ years: 12 }).toISOString().slice(0, 10),
    };
  });
  return Papa.unparse(rows);
}

/**
 * Creates (or reuses) workspace `workspace` with an administrator and `count` faker employees through the same
 * bus handlers the API uses. Idempotent: a second run keeps the workspace and its employees (the generated rows
 * are the same, so none is imported twice) and gives the existing demo administrator a new password, so the one
 * returned always works. Output: { workspace, imported (new this run), employees (demo employees now present),
 * adminEmail, adminPassword, adminCreated }.
 */
export async function seedDemo(bus: Bus, opts: { workspace: string; count: number }) {
  let client: Client;
  try {
    client = await bus.request<Client>(clientRoutes.clientCreate.subject, {
      ctx: superadmin,
      input: { body: { workspace: opts.workspace, name: `Demo ${opts.workspace}`, lang: 'en' } },
    });
  } catch (err) {
    if (!(err instanceof DomainError && err.code === 'conflict')) throw err;
    client = await ask(bus, clientSubjects.internalByWorkspace, superadmin, { workspace: opts.workspace });
  }
  const adminEmail = `admin@${opts.workspace}.example.com`;
  const adminPassword = randomBytes(9).toString('base64url');
  const pw = { password: adminPassword, confirmPassword: adminPassword };
  let adminCreated = true;
  try {
    await bus.request(peopleRoutes.userRegister.subject, {
      ctx: superadmin,
      input: { body: { client_id: client._id, firstName: 'Demo', lastName: 'Admin', email: adminEmail, ...pw, roles: ['admin'] } },
    });
  } catch (err) {
    if (!(err instanceof DomainError && err.code === 'conflict')) throw err;
    // Already there from an earlier run: its password was printed then and never stored, so set a new one.
    adminCreated = false;
    const found = await bus.request<{ users: { _id: string; email: string }[] }>(peopleRoutes.userFilter.subject, {
      ctx: superadmin,
      input: { params: { workspace: client.workspace }, body: { data: { search: adminEmail, page: 1, limit: 5 } } },
    });
    const admin = found.users.find((u) => u.email === adminEmail);
    if (!admin) throw new Error(`demo administrator ${adminEmail} exists but was not found (deleted?)`);
    await bus.request(peopleRoutes.authResetHard.subject, { ctx: superadmin, input: { body: { user_id: admin._id, ...pw } } });
  }
  const report = await bus.request<{ imported: number; rows: { ok: boolean; errors?: { message: string }[] }[] }>(peopleRoutes.userRegisterMany.subject, {
    ctx: superadmin,
    input: { body: { client_id: client._id, csv: demoCsv(opts.workspace, opts.count) } },
  });
  // Rows refused only because their e-mail exists are demo employees from an earlier run.
  const present = report.rows.filter((r) => r.ok || (r.errors?.length === 1 && r.errors[0].message === PEOPLE_TEXT.emailTaken)).length;
  return { workspace: client.workspace, imported: report.imported, employees: present, adminEmail, adminPassword, adminCreated };
}
