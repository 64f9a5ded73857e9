import assert from 'node:assert/strict';
import { it } from 'node:test';
import { registerBody } from './index.ts';

const msgs = (input: unknown) => {
  const r = registerBody.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

it('§5 Employee rules', () => {
  assert.deepEqual(msgs({ firstName: 'Олена', lastName: "O'Neil-Smith", email: 'A@B.CO' }), {});
  assert.equal(registerBody.parse({ firstName: 'A', lastName: 'B', email: 'A@B.CO' }).email, 'a@b.co');
  assert.equal(msgs({ firstName: 'A', lastName: 'B', email: 'x@y.co', inn: '12345678901' }).inn, 'Tax id must be 10 digits');
  assert.equal(msgs({ firstName: 'A', lastName: 'B', email: 'x@y.co', password: '123456', confirmPassword: '123456' }).password, 'Password must be longer than 6 symbols');
  assert.deepEqual(msgs({ firstName: 'A', lastName: 'B', email: 'x@y.co', password: '1234567', confirmPassword: '1234567' }), {});
  assert.equal(msgs({ firstName: 'A1', lastName: 'B', email: 'x@y.co' }).firstName, 'Illegal symbols');
  assert.equal(msgs({ firstName: 'A', lastName: 'B', email: 'x@y.co', phone: '+38 (050) 123-45-67' }).phone, undefined);
  assert.equal(msgs({ firstName: 'A', lastName: 'B', email: 'x@y.co', phone: '12' }).phone, 'Invalid phone format');
});
