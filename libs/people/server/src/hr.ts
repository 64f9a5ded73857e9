import { HR_CODES, HR_TEXT } from '@intranet/people-contract/structure';
import { DomainError } from '@intranet/platform-errors';

/** 1C's empty reference (a top-level department's Parent_Key). */
export const ZUP_EMPTY_REF = '00000000-0000-0000-0000-000000000000';
/** How long one OData request may take (ms). */
export const ZUP_TIMEOUT_MS = 15_000;

/** An HR system connection (§3 Client HR address, login, password). */
export interface HrConnection {
  url: string;
  login: string | null;
  password: string | null;
}

/** One department of 1C:ZUP (Catalog_ПодразделенияОрганизаций, standard OData interface). */
export interface ZupDepartment {
  Ref_Key: string;
  Description: string;
  Parent_Key?: string | null;
  DeletionMark?: boolean;
}

/**
 * Reads one catalogue of 1C's standard OData interface (`<base>/odata/standard.odata/<entity>?$format=json`, HTTP
 * Basic auth), all rows (`value`). `base` is the published infobase address, e.g. http://host/zup. Errors: 503
 * 'Loading the structure from the HR system failed' (code loading_struct_hrm_error) when the server is out of
 * reach, answers a non-2xx status or something other than OData JSON (`details.status` holds the HTTP status).
 * `fn` is a function of the entity appended to its path, e.g. '/SliceLast()' of a periodic register.
 */
export async function zupCatalog<T>(conn: HrConnection, entity: string, select: string[], fn = ''): Promise<T[]> {
  const url = new URL(`${conn.url.replace(/\/+$/, '')}/odata/standard.odata/${encodeURIComponent(entity)}${fn}`);
  url.searchParams.set('$format', 'json');
  url.searchParams.set('$select', select.join(','));
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (conn.login) headers.Authorization = `Basic ${Buffer.from(`${conn.login}:${conn.password ?? ''}`).toString('base64')}`;
  const failed = (why: string, status?: number) =>
    new DomainError('unavailable', HR_TEXT.loadFailed, { code: HR_CODES.loadStruct, details: { reason: why, ...(status ? { status } : {}) } });
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(ZUP_TIMEOUT_MS) });
  } catch {
    throw failed('unreachable');
  }
  if (!res.ok) throw failed(`status ${res.status}`, res.status);
  const body = (await res.json().catch(() => null)) as { value?: unknown } | null;
  if (!body || !Array.isArray(body.value)) throw failed('not OData JSON');
  return body.value as T[];
}

/** The departments of the organisation in 1C:ZUP (Catalog_ПодразделенияОрганизаций). Errors: see zupCatalog. */
export const zupDepartments = (conn: HrConnection) =>
  zupCatalog<ZupDepartment>(conn, 'Catalog_ПодразделенияОрганизаций', ['Ref_Key', 'Description', 'Parent_Key', 'DeletionMark']);

/** One employee of 1C:ZUP (Catalog_Сотрудники): `Code` is the tab number; `ВАрхиве` means fired. */
export interface ZupEmployee {
  Ref_Key: string;
  Code: string;
  Description?: string;
  ФизическоеЛицо_Key: string;
  ВАрхиве?: boolean;
  DeletionMark?: boolean;
}

/** One physical person of 1C:ZUP (Catalog_ФизическиеЛица) with its contact information rows. */
export interface ZupPerson {
  Ref_Key: string;
  Фамилия?: string;
  Имя?: string;
  Отчество?: string;
  ИНН?: string;
  ДатаРождения?: string;
  Пол?: string;
  КонтактнаяИнформация?: { Тип?: string; Представление?: string; АдресЭП?: string }[];
}

/** Employees and their physical persons from 1C:ZUP (two catalogue reads). Errors: see zupCatalog. */
export async function zupEmployees(conn: HrConnection): Promise<{ employees: ZupEmployee[]; persons: Map<string, ZupPerson> }> {
  const employees = await zupCatalog<ZupEmployee>(conn, 'Catalog_Сотрудники', [
    'Ref_Key',
    'Code',
    'Description',
    'ФизическоеЛицо_Key',
    'ВАрхиве',
    'DeletionMark',
  ]);
  const persons = await zupCatalog<ZupPerson>(conn, 'Catalog_ФизическиеЛица', [
    'Ref_Key',
    'Фамилия',
    'Имя',
    'Отчество',
    'ИНН',
    'ДатаРождения',
    'Пол',
    'КонтактнаяИнформация',
  ]);
  return { employees, persons: new Map(persons.map((p) => [p.Ref_Key, p])) };
}

/** A person's e-mail from its contact information (type АдресЭлектроннойПочты), or null. */
export const zupEmail = (p: ZupPerson): string | null => {
  const row = (p.КонтактнаяИнформация ?? []).find((c) => c.Тип === 'АдресЭлектроннойПочты');
  const v = (row?.АдресЭП || row?.Представление || '').trim().toLowerCase();
  return v || null;
};

/** 1C's date-time ('1985-04-12T00:00:00'; '0001-01-01T00:00:00' is empty) → YYYY-MM-DD or null. */
export const zupDate = (v?: string): string | null => (v && !v.startsWith('0001-') ? v.slice(0, 10) : null);

/** 1C's Пол ('Мужской' / 'Женский') → §3 gender. */
export const zupGender = (v?: string) => (v === 'Мужской' ? 'man' : v === 'Женский' ? 'woman' : 'not_selected');

/** One position of the staffing catalogue of 1C:ZUP (Catalog_Должности). */
export interface ZupPosition {
  Ref_Key: string;
  Description: string;
  DeletionMark?: boolean;
}

/**
 * One record of 1C:ZUP's assignment history (InformationRegister_КадроваяИсторияСотрудников, periodic by day):
 * from `Period` on the employee works in `Подразделение_Key` as `Должность_Key`. ВидСобытия is
 * 'Прием', 'Перемещение' or 'Увольнение' (a dismissal carries empty references).
 */
export interface ZupAssignment {
  Period: string;
  Сотрудник_Key: string;
  Подразделение_Key?: string | null;
  Должность_Key?: string | null;
  ВидСобытия?: string;
  Active?: boolean;
}

/** An employee's current assignment: department and position references (null when empty, e.g. after dismissal). */
export interface ZupPlacement {
  departmentRef: string | null;
  positionRef: string | null;
}

const ASSIGNMENT_FIELDS = ['Period', 'Сотрудник_Key', 'Подразделение_Key', 'Должность_Key', 'ВидСобытия'];
const refOrNull = (v?: string | null) => (v && v !== ZUP_EMPTY_REF ? v : null);

/**
 * The newest assignment record per employee (by `Period`; an inactive record is ignored) → Map<employee
 * Ref_Key, placement>. Pure: used on SliceLast's answer (already one per employee) and on the whole register.
 */
export function zupNewestPlacements(rows: ZupAssignment[]): Map<string, ZupPlacement> {
  const newest = new Map<string, ZupAssignment>();
  for (const r of rows) {
    if (r.Active === false || !r.Сотрудник_Key) continue;
    const cur = newest.get(r.Сотрудник_Key);
    if (!cur || String(r.Period) >= String(cur.Period)) newest.set(r.Сотрудник_Key, r);
  }
  return new Map(
    [...newest].map(([k, r]) => [
      k,
      r.ВидСобытия === 'Увольнение'
        ? { departmentRef: null, positionRef: null }
        : { departmentRef: refOrNull(r.Подразделение_Key), positionRef: refOrNull(r.Должность_Key) },
    ]),
  );
}

/**
 * Positions and current assignments from 1C:ZUP: Catalog_Должности (Ref_Key → name) and the SliceLast() of
 * InformationRegister_КадроваяИсторияСотрудников; an infobase that does not publish SliceLast (an HTTP 4xx) is
 * read whole and the newest record per employee taken. → { positions: Map<ref, name>, placements: Map<employee
 * Ref_Key, placement> }. Errors: see zupCatalog.
 */
export async function zupPlacements(conn: HrConnection): Promise<{ positions: Map<string, string>; placements: Map<string, ZupPlacement> }> {
  const positions = await zupCatalog<ZupPosition>(conn, 'Catalog_Должности', ['Ref_Key', 'Description', 'DeletionMark']);
  const register = 'InformationRegister_КадроваяИсторияСотрудников';
  const rows = await zupCatalog<ZupAssignment>(conn, register, ASSIGNMENT_FIELDS, '/SliceLast()').catch((err: unknown) => {
    const status = err instanceof DomainError ? (err.details as { status?: number } | undefined)?.status : undefined;
    if (status && status >= 400 && status < 500) return zupCatalog<ZupAssignment>(conn, register, [...ASSIGNMENT_FIELDS, 'Active']);
    throw err;
  });
  return {
    positions: new Map(positions.map((p) => [p.Ref_Key, String(p.Description ?? '').trim()])),
    placements: zupNewestPlacements(rows),
  };
}
