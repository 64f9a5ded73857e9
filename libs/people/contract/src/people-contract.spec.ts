import assert from 'node:assert/strict';
import { it } from '@jest/globals';
import { GRANTABLE_ROLES, importRowBody, registerBody } from './index.ts';

const msgs = (input: unknown) => {
  const r = registerBody.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

const pw = { password: 'secret12', confirmPassword: 'secret12' };

it('§5 Employee rules', () => {
  assert.deepEqual(msgs({ firstName: 'Олена', lastName: "O'Neil-Smith", email: 'A@B.CO', ...pw }), {});
  assert.equal(registerBody.parse({ firstName: 'A', lastName: 'B', email: 'A@B.CO', ...pw }).email, 'a@b.co');
  assert.equal(msgs({ firstName: 'A', lastName: 'B', email: 'x@y.co', inn: '12345678901', ...pw }).inn, 'Tax id must be 10 digits');
  assert.equal(
    msgs({ firstName: 'A', lastName: 'B', email: 'x@y.co', password: '123456', confirmPassword: '123456' }).password,
    'Password must be longer than 6 symbols',
  );
  assert.deepEqual(msgs({ firstName: 'A', lastName: 'B', email: 'x@y.co', password: '1234567', confirmPassword: '1234567' }), {});
  assert.equal(msgs({ firstName: 'A1', lastName: 'B', email: 'x@y.co', ...pw }).firstName, 'Illegal symbols');
  assert.equal(msgs({ firstName: 'A', lastName: 'B', email: 'x@y.co', phone: '+38 (050) 123-45-67', ...pw }).phone, undefined);
  assert.equal(msgs({ firstName: 'A', lastName: 'B', email: 'x@y.co', phone: '12', ...pw }).phone, 'Invalid phone format');
});

it('§5 password over 6 and confirmed: required on register, optional for an import row', () => {
  const base = { firstName: 'A', lastName: 'B', email: 'x@y.co' };
  assert.equal(msgs(base).password, 'Field is required');
  assert.equal(msgs({ ...base, password: 'secret12' }).confirmPassword, 'Passwords must match');
  assert.equal(msgs({ ...base, password: 'secret12', confirmPassword: 'other123' }).confirmPassword, 'Passwords must match');
  assert.equal(importRowBody.safeParse(base).success, true);
  assert.equal(importRowBody.safeParse({ ...base, password: 'short', confirmPassword: 'short' }).success, false);
});

it('admins may grant the head role (knowledge base grants for heads match it)', () => {
  assert.ok((GRANTABLE_ROLES as readonly string[]).includes('head'));
});
