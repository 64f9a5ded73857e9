import assert from 'node:assert/strict';
import { it } from '@jest/globals';
import { access, allows, defineRoute, fillPath, Id, IsoDate, isCalendarDate, requiredString, toFastifyPath, V, z, zodFieldErrors } from './index.ts';

it('access rules: admin rights hold for the superadmin; feature rights by role string (§6)', () => {
  assert.equal(allows(access.public, null), true);
  assert.equal(allows(access.authenticated, null), false);
  assert.equal(allows(access.admin, ['employee']), false);
  assert.equal(allows(access.admin, ['superadmin']), true);
  assert.equal(allows(access.superadmin, ['admin']), false);
  assert.equal(allows(access.feature('shop'), ['employee']), false);
  assert.equal(allows(access.feature('shop'), ['employee', 'shop']), true);
});

it('paths: §7 placeholders to Fastify syntax and back with encoding', () => {
  assert.equal(toFastifyPath('/api/clients/features/switch/{client}/{code}'), '/api/clients/features/switch/:client/:code');
  // Two params in one segment (§7 PUT api/mailing/restartJob/{workspace}_{action}): the first ends at the separator.
  assert.equal(toFastifyPath('/api/mailing/restartJob/{workspace}_{action}'), '/api/mailing/restartJob/:workspace(^[^_/]+)_:action');
  assert.equal(fillPath('/api/mailing/stopJob/{workspace}_{action}', { workspace: 'acme', action: 'digest' }), '/api/mailing/stopJob/acme_digest');
  assert.equal(fillPath('/api/user/{id}', { id: 'a/b' }), '/api/user/a%2Fb');
  assert.throws(() => fillPath('/api/user/{id}', {}));
  assert.equal(defineRoute({ method: 'GET', path: 'api/x', subject: 'x.y', summary: '', spec: '', access: access.public, result: z.null() }).path, '/api/x');
});

it('zod issues become §5 field errors, missing values read "Field is required"', () => {
  const s = z.object({ name: z.string(), age: z.number().min(18, 'Too young') });
  const r = s.safeParse({ age: 3 });
  assert.equal(r.success, false);
  assert.deepEqual(zodFieldErrors(r.error!), [
    { field: 'name', code: 'required', message: 'Field is required' },
    { field: 'age', code: 'tooSmall', params: { min: 18 }, message: 'Too young' },
  ]);
});

it('§5 texts map to stable codes with params (the web words them)', () => {
  const s = z.object({
    name: requiredString().max(100, V.max(100)),
    title: requiredString(),
    mail: z.email(V.email),
    site: z.url(V.url),
    code: z.string().regex(/^[a-z0-9]+$/i, V.alphanumeric),
    short: z.string().min(3, V.min(3)),
    born: IsoDate,
    id: Id,
    kind: z.enum(['a', 'b']),
    bare: z.string().max(5),
  });
  const r = s.safeParse({
    name: 'x'.repeat(101),
    title: '  ',
    mail: 'no',
    site: 'no',
    code: 'a-b',
    short: 'ab',
    born: '2023-02-30',
    id: 'garbage',
    kind: 'c',
    bare: '123456',
  });
  const byField = Object.fromEntries(zodFieldErrors(r.error!).map((e) => [e.field, { code: e.code, params: e.params }]));
  assert.deepEqual(byField, {
    name: { code: 'tooLong', params: { max: 100 } },
    title: { code: 'required', params: undefined },
    mail: { code: 'email', params: undefined },
    site: { code: 'url', params: undefined },
    code: { code: 'alphanumeric', params: undefined },
    short: { code: 'tooShort', params: { min: 3 } },
    born: { code: 'invalidDate', params: undefined },
    id: { code: 'invalidId', params: undefined },
    kind: { code: 'invalidOption', params: { options: 'a, b' } },
    bare: { code: 'tooLong', params: { max: 5 } },
  });
});

it('IsoDate accepts only days that exist', () => {
  for (const ok of ['2024-02-29', '1990-12-31', '0001-01-01']) assert.equal(isCalendarDate(ok), true, ok);
  for (const bad of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-04-31', '31.12.1990', '2024-1-1'])
    assert.equal(IsoDate.safeParse(bad).success, false, bad);
});
