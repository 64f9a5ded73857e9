import assert from 'node:assert/strict';
import { it } from '@jest/globals';
import { DomainError, Errors, serializeError, toHttp } from './index.ts';

it('maps codes to HTTP in one place with the §8 texts', () => {
  assert.deepEqual(toHttp(Errors.notFound()), { status: 404, body: { name: 'not_found', code: 'not_found', message: 'The requested resource was not found' } });
  assert.equal(toHttp(Errors.loginBlocked()).status, 403);
  assert.equal(toHttp(Errors.loginBlocked()).body.message, 'Login blocked');
  assert.equal(toHttp(Errors.unauthorized()).status, 401);
  const v = toHttp(Errors.validation([{ field: 'email', message: 'Invalid e-mail' }]));
  assert.equal(v.status, 400);
  assert.deepEqual(v.body.errors, [{ field: 'email', message: 'Invalid e-mail' }]);
});

it('unknown errors become a safe 500 without their message or stack', () => {
  const r = toHttp(new Error('password=hunter2 at db.ts:12'));
  assert.equal(r.status, 500);
  assert.equal(r.body.message, 'Server error');
  assert.ok(!JSON.stringify(r).includes('hunter2'));
});

it('round-trips across the bus as plain data', () => {
  const e = Errors.conflict('email', 'This e-mail is already taken');
  const back = DomainError.from(JSON.parse(JSON.stringify(serializeError(e))));
  assert.equal(back.code, 'conflict');
  assert.equal(back.status, 409);
  assert.deepEqual(back.errors, e.errors);
});
