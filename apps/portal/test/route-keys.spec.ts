import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
const { discoverRouteTables } = await import('@intranet/platform-host');

/**
 * Issue 30 §1: one route-key scheme for every contract, so that a reader finds a route's method by grepping its key.
 * A route's subject is `<domain>.<entity>.<verb>` and its key in the route table is `<entity><Verb>` (the subject
 * without its domain, camel-cased): `polls.poll.get` → `pollGet`, `chat.msg.create` → `msgCreate`.
 */
const keyOf = (subject: string) =>
  subject
    .split('.')
    .slice(1)
    .map((part, i) => (i === 0 ? part : part[0].toUpperCase() + part.slice(1)))
    .join('');

const tables = await discoverRouteTables();

describe('route keys follow <entity><Verb> of their subject (issue 30 §1)', () => {
  it('finds the route tables of every contract', () => {
    assert.ok(tables.length >= 10, `only ${tables.length} route tables`);
  });

  for (const contract of [...new Set(tables.map((t) => t.contract))])
    it(`${contract}: every key is its subject without the domain, camel-cased`, () => {
      const wrong: string[] = [];
      for (const t of tables.filter((x) => x.contract === contract))
        for (const [key, route] of Object.entries(t.table)) {
          const parts = route.subject.split('.');
          if (parts.length !== 3) wrong.push(`${t.name}.${key}: subject '${route.subject}' is not <domain>.<entity>.<verb>`);
          else if (key !== keyOf(route.subject)) wrong.push(`${t.name}.${key} → ${keyOf(route.subject)} (${route.subject})`);
        }
      assert.deepEqual(wrong, []);
    });
});
