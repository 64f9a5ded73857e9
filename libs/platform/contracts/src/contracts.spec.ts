import assert from 'node:assert/strict';
import { it } from '@jest/globals';
import { access, allows, defineRoute, fillPath, toFastifyPath, z, zodFieldErrors } from './index.ts';

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
  assert.equal(fillPath('/api/user/{id}', { id: 'a/b' }), '/api/user/a%2Fb');
  assert.throws(() => fillPath('/api/user/{id}', {}));
  assert.equal(defineRoute({ method: 'GET', path: 'api/x', subject: 'x.y', summary: '', spec: '', access: access.public, result: z.null() }).path, '/api/x');
});

it('zod issues become §5 field errors, missing values read "Field is required"', () => {
  const s = z.object({ name: z.string(), age: z.number().min(18, 'Too young') });
  const r = s.safeParse({ age: 3 });
  assert.equal(r.success, false);
  assert.deepEqual(zodFieldErrors(r.error!), [
    { field: 'name', message: 'Field is required' },
    { field: 'age', message: 'Too young' },
  ]);
});
