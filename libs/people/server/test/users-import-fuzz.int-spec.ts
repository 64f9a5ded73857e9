// @slow 100s (started first by tools/scripts/jest-slow-first.mjs): 10,000-row CSV imports.
import { decodeCsvBytes, peopleRoutes } from '@intranet/people-contract';
import { parseCsv } from '@intranet/people-server';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

/** Windows-1251 bytes of a string of ASCII and Cyrillic letters (the encoding Russian/Ukrainian Excel saves). */
function cp1251(s: string): Buffer {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c >= 0x410 && c <= 0x44f) out.push(c - 0x410 + 0xc0);
    else if (c === 0x401) out.push(0xa8);
    else if (c === 0x451) out.push(0xb8);
    else if (c === 0x406) out.push(0xb2);
    else if (c === 0x456) out.push(0xb3);
    else if (c === 0x407) out.push(0xaf);
    else if (c === 0x457) out.push(0xbf);
    else if (c === 0x404) out.push(0xaa);
    else if (c === 0x454) out.push(0xba);
    else throw new Error(`not in cp1251 table: ${ch}`);
  }
  return Buffer.from(out);
}

/** A seeded PRNG so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const BAD_KINDS = ['date', 'email', 'missingName', 'gender', 'duplicate'] as const;

/**
 * Builds `n` records with `bad` of them broken in a known way; returns the CSV lines (without header) and the
 * 1-based indexes of the bad ones.
 */
function records(prefix: string, n: number, badEvery: number, sep: string, names: [string, string][]) {
  const lines: string[] = [];
  const bad = new Set<number>();
  for (let i = 0; i < n; i++) {
    const [first, last] = names[i % names.length];
    let email = `${prefix}${i}@fuzz.test`;
    let birth = `19${String(50 + (i % 50)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`;
    let gender = i % 2 ? 'man' : 'woman';
    let f = first;
    if (i % badEvery === badEvery - 1) {
      bad.add(i);
      const kind = BAD_KINDS[Math.floor(i / badEvery) % BAD_KINDS.length];
      if (kind === 'date') birth = i % 3 ? '2023-02-30' : '31.12.1990';
      if (kind === 'email') email = `not-an-email-${i}`;
      if (kind === 'missingName') f = '';
      if (kind === 'gender') gender = 'robot';
      if (kind === 'duplicate') email = `${prefix}0@fuzz.test`;
    }
    lines.push([f, last, email, birth, gender].join(sep));
  }
  return { lines, bad };
}

describe('CSV import never loses the good rows (issue 8 §3, §7 register_many)', () => {
  let t: TestPortal;
  let co: Awaited<ReturnType<TestPortal['makeClient']>>;
  beforeAll(async () => {
    t = await testPortal();
    co = await t.makeClient('fuzzco');
  });
  afterAll(() => t.close());

  const importText = (csv: string) => t.call(peopleRoutes.userRegisterMany, { token: co.adminToken, body: { csv } });
  const importBytes = (bytes: Buffer) => t.call(peopleRoutes.userRegisterMany, { token: co.adminToken, body: { csvBase64: bytes.toString('base64') } });

  it('one row with an invalid date is reported with line, column and code; the others are imported', async () => {
    const r = await importText('firstName,lastName,email,birthDate\nAnn,Lee,ann@one.test,1990-01-02\nBob,Bad,bob@one.test,1990-13-45\nCid,Ok,cid@one.test,\n');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.result.imported, 2);
    assert.equal(r.body.result.failed, 1);
    const bad = r.body.result.rows.find((x: { ok: boolean }) => !x.ok);
    assert.equal(bad.row, 3);
    assert.deepEqual(bad.errors, [{ field: 'birthDate', code: 'invalidDate', message: 'Date must be YYYY-MM-DD' }]);
  });

  it('10,000 rows with 5 % bad (UTF-8 with BOM, `;` separators, CRLF, empty lines): every good row lands, every bad row is listed', async () => {
    const { lines, bad } = records('big', 10_000, 20, ';', [
      ['Іван', 'Петренко'],
      ['Анна', 'Иванова'],
      ['John', 'Smith'],
    ]);
    // Blank lines sprinkled through the file shift line numbers; the report must follow them.
    const rand = rng(42);
    const out: string[] = ['firstName;lastName;email;birthDate;gender'];
    const lineOf = new Map<number, number>();
    lines.forEach((l, i) => {
      if (rand() < 0.02) out.push('');
      if (rand() < 0.01) out.push(' ; ; ; ; ');
      out.push(l);
      lineOf.set(i, out.length);
    });
    const csv = `\uFEFF${out.join('\r\n')}\r\n\r\n`;
    const r = await importBytes(Buffer.from(csv, 'utf8'));
    assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 500));
    assert.equal(r.body.result.rows.length, 10_000);
    assert.equal(r.body.result.failed, bad.size);
    assert.equal(r.body.result.imported, 10_000 - bad.size);
    const reported = new Set<number>(r.body.result.rows.filter((x: { ok: boolean }) => !x.ok).map((x: { row: number }) => x.row));
    assert.deepEqual(
      [...reported].sort((a, b) => a - b),
      [...bad].map((i) => lineOf.get(i)!).sort((a, b) => a - b),
    );
    for (const x of r.body.result.rows.filter((y: { ok: boolean }) => !y.ok)) {
      assert.ok(x.errors.length > 0);
      for (const e of x.errors) assert.ok(e.field && e.code && e.message, JSON.stringify(e));
    }
    const u = await t.call(peopleRoutes.userGet, { token: co.adminToken, params: { id: r.body.result.rows[0]._id } });
    assert.equal(u.body.result.firstName, 'Іван');
  });

  it('Windows-1251 bytes are decoded (Russian/Ukrainian names survive)', async () => {
    const { lines, bad } = records('win', 200, 10, ',', [
      ['Олена', 'Шевченко'],
      ['Пётр', 'Сидоров'],
    ]);
    const r = await importBytes(cp1251(['firstName,lastName,email,birthDate,gender', ...lines].join('\r\n')));
    assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 500));
    assert.equal(r.body.result.imported, 200 - bad.size);
    assert.equal(r.body.result.failed, bad.size);
    const u = await t.call(peopleRoutes.userGet, { token: co.adminToken, params: { id: r.body.result.rows[0]._id } });
    assert.equal(u.body.result.firstName, 'Олена');
    assert.equal(u.body.result.lastName, 'Шевченко');
  });

  it('broken quotes and extra cells fail only their own records', async () => {
    const csv = [
      'firstName,lastName,email',
      'Ann,Quoted,"ann@q.test"',
      '"Multi\nLine",Name,multi@q.test', // a quoted cell over two lines: one record starting on line 3
      'Bob,Extra,bob@q.test,surplus',
      'Cid,Ok,cid@q.test',
      'Dan,"Broken,dan@q.test', // unterminated quote swallows the rest of the file
    ].join('\n');
    const r = await importText(csv);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const rows = r.body.result.rows as { row: number; ok: boolean; errors?: { code: string }[] }[];
    const byLine = new Map(rows.map((x) => [x.row, x]));
    assert.equal(byLine.get(2)!.ok, true);
    assert.equal(byLine.get(3)!.ok, false, 'a name with a line break is illegal, on its own line');
    assert.equal(byLine.get(5)!.ok, false);
    assert.equal(byLine.get(5)!.errors![0].code, 'csvColumns');
    assert.equal(byLine.get(6)!.ok, true);
    assert.equal(byLine.get(7)!.ok, false);
    assert.equal(byLine.get(7)!.errors![0].code, 'csvQuotes');
    assert.equal(r.body.result.imported, 2);
  });

  it('random garbage never answers 500', async () => {
    const rand = rng(7);
    const alphabet = ['a', 'Я', '"', ',', ';', '\n', '\r\n', ' ', '@', '.', '-', '1', '\t', 'é', '\uFEFF'];
    for (let k = 0; k < 30; k++) {
      const len = 5 + Math.floor(rand() * 300);
      let body = k % 2 ? 'firstName,lastName,email\n' : '';
      for (let i = 0; i < len; i++) body += alphabet[Math.floor(rand() * alphabet.length)];
      const bytes = Buffer.from(body.split('').map((c) => c.charCodeAt(0) & 0xff));
      const r = k % 3 ? await importText(body) : await importBytes(bytes);
      // The one refusal a file can earn: no header row naming `email` (400); every other file is a per-row report.
      const expected = parseCsv(k % 3 ? body : decodeCsvBytes(bytes)).header.includes('email') ? 200 : 400;
      assert.equal(r.status, expected, `${r.status} for ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`);
      if (expected === 400) assert.equal(r.body.errors[0].field, 'csv');
    }
  });
});
