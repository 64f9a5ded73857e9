import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from '@jest/globals';
import { jobsMigrationSql } from './migration-sql.ts';
import { splitSqlStatements } from './sql-split.ts';

describe('the job queue migration', () => {
  it("is pg-boss's construction plan of the installed version (after an upgrade: node libs/platform/jobs/scripts/write-migration.ts)", () => {
    const file = readFileSync(new URL('../migrations/0000_pgboss.sql', import.meta.url), 'utf8');
    assert.equal(file.slice(file.indexOf('\n') + 1), jobsMigrationSql());
  });

  it('leaves out the transaction and lock lines the migration step provides itself', () => {
    assert.doesNotMatch(jobsMigrationSql(), /^(BEGIN|COMMIT|SET LOCAL)/m);
    assert.doesNotMatch(jobsMigrationSql(), /pg_advisory_xact_lock/);
  });
});

describe('splitSqlStatements', () => {
  it('splits on top-level semicolons only: not inside strings, identifiers, dollar quotes or comments', () => {
    const script = `CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;
      SELECT 'a;b', "c;d" -- e;f
      ; /* g;h */ DO $body$ BEGIN PERFORM 1; END $body$;;`;
    assert.deepEqual(splitSqlStatements(script), [
      'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql',
      `SELECT 'a;b', "c;d" -- e;f`,
      '/* g;h */ DO $body$ BEGIN PERFORM 1; END $body$',
    ]);
  });
});
