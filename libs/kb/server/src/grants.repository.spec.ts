import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Grant } from '@intranet/kb-contract';
import type { Tx } from '@intranet/platform-db';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { drizzle } from 'drizzle-orm/pglite';
import { grantLevelOf, type GrantSubject } from './access.ts';
import { GrantsRepository } from './grants.repository.ts';

/**
 * Issue 30 §2: the SQL grant resolution (`kb.grant_level`, as migration 0001 creates it) and the pure one
 * (`grantLevelOf`) agree on every case below — tiers, explicit none, case-insensitive names, heads, working time,
 * manual lists, targets that name nobody.
 */
const U = '0190a000-0000-7000-8000-000000000001';
const OTHER = '0190a000-0000-7000-8000-000000000002';

const subjects: GrantSubject[] = [
  { userId: U, head: false, department: 'Sales', position: 'Manager', city: 'Kyiv', workingTime: '1y_5y' },
  { userId: U, head: true, department: ' sales ', position: null, city: 'LVIV', workingTime: 'lt3m' },
  { userId: U, head: false, department: null, position: null, city: null, workingTime: null },
  { userId: OTHER, head: true, department: 'IT', position: 'Developer', city: 'kyiv', workingTime: '10y_plus' },
];

const g = (target: Grant['target'], level: Grant['level'], extra: Partial<Grant> = {}): Grant => ({ target, level, ...extra }) as Grant;

const grantLists: Grant[][] = [
  [],
  [g('all', 'read')],
  [g('all', 'write')],
  [g('all', 'none')],
  [g('all', 'read'), g('department', 'write', { value: 'sales' })],
  [g('all', 'write'), g('department', 'none', { value: 'SALES' })],
  [g('department', 'read', { value: 'Sales' }), g('city', 'write', { value: 'kyiv' })],
  [g('department', 'write', { value: 'Sales' }), g('position', 'none', { value: 'manager' })],
  [g('position', 'read', { value: 'Developer' })],
  [g('city', 'read', { value: 'Lviv ' })],
  [g('working_time', 'read', { value: '1y_5y' })],
  [g('working_time', 'write', { value: 'lt3m' }), g('all', 'read')],
  [g('all_heads', 'read')],
  [g('all_heads', 'write'), g('all', 'none')],
  [g('head', 'write', { value: U })],
  [g('head', 'write', { value: OTHER }), g('all_heads', 'read')],
  [g('manual', 'read', { users: [U] })],
  [g('manual', 'none', { users: [U] }), g('all', 'write'), g('department', 'write', { value: 'Sales' })],
  [g('manual', 'write', { users: [OTHER] }), g('department', 'read', { value: 'it' })],
  [g('manual', 'read', { users: [U] }), g('head', 'write', { value: U })],
  [g('manual', 'read', { users: [] }), g('all', 'read')],
  [g('department', 'read', { value: 'Nowhere' })],
  [g('city', 'write', { value: 'Kyiv' }), g('department', 'read', { value: 'Sales' }), g('all_heads', 'none')],
];

describe('kb grant resolution: SQL kb.grant_level = grantLevelOf', () => {
  let pg: PGlite;
  let tx: Tx;
  const repo = new GrantsRepository({} as never);

  beforeAll(async () => {
    pg = new PGlite();
    await pg.exec('CREATE SCHEMA kb');
    const migration = readFileSync(new URL('../migrations/0001_grants.sql', import.meta.url), 'utf8');
    const fn = migration.split('--> statement-breakpoint').find((s) => s.includes('FUNCTION "kb".grant_level'));
    if (!fn) throw new Error('migration 0001 no longer creates kb.grant_level: point this spec at the one that does');
    await pg.exec(fn);
    tx = drizzle(pg) as unknown as Tx;
  });
  afterAll(() => pg.close());

  it(`agrees on ${subjects.length * grantLists.length} cases`, async () => {
    const differ: string[] = [];
    for (const s of subjects)
      for (const grants of grantLists) {
        const pure = grantLevelOf(grants, s);
        const inSql = await repo.levelOf(tx, grants, s);
        if (pure !== inSql) differ.push(`${JSON.stringify(grants)} for ${JSON.stringify(s)}: pure ${pure}, SQL ${inSql}`);
      }
    expect(differ).toEqual([]);
  });

  it('the cases cover every level', () => {
    const levels = new Set(subjects.flatMap((s) => grantLists.map((l) => grantLevelOf(l, s))));
    expect([...levels].sort()).toEqual([0, 1, 2]);
  });
});
