import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  codeOf,
  defineCodes,
  DomainError,
  Errors,
  fieldOf,
  GENERIC,
  isUnavailableError,
  placeholdersOf,
  registeredCodes,
  serializeError,
  toHttp,
} from './index.ts';

/** A domain's table as a contract would declare it (people's texts, for the plain-text fallback). */
const SPEC_CODES = defineCodes('spec', {
  cannotBlockSelf: { text: 'You cannot block yourself', kind: 'forbidden' },
  emailTaken: { text: 'This e-mail is already taken' },
  vacationBalance: { text: 'Not enough vacation days: {left} left' },
});

it('maps codes to HTTP in one place with the §8 texts', () => {
  assert.deepEqual(toHttp(Errors.notFound()), { status: 404, body: { name: 'not_found', code: 'not_found', message: 'The requested resource was not found' } });
  assert.equal(toHttp(Errors.loginBlocked()).status, 403);
  assert.equal(toHttp(Errors.loginBlocked()).body.message, 'Login blocked');
  assert.equal(toHttp(Errors.unauthorized()).status, 401);
  const v = toHttp(Errors.validation([{ field: 'email', message: 'Invalid e-mail' }]));
  assert.equal(v.status, 400);
  assert.deepEqual(v.body.errors, [{ field: 'email', code: 'email', message: 'Invalid e-mail' }]);
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

it('§8 business errors carry a stable code and params the web words; the message stays the English fallback', () => {
  const blockSelf = toHttp(Errors.forbidden('You cannot block yourself'));
  assert.deepEqual(blockSelf, { status: 403, body: { name: 'forbidden', code: 'cannotBlockSelf', message: 'You cannot block yourself' } });
  // A generic text keeps its kind as the code.
  assert.equal(toHttp(Errors.forbidden()).body.code, 'forbidden');
  const storage = toHttp(new DomainError('payload_too_large', 'Storage limit reached (10 GB)! Available 1.5 GB'));
  assert.equal(storage.body.code, 'storageLimit');
  assert.deepEqual(storage.body.params, { size: '10 GB', available: '1.5 GB' });
  // An explicit code wins.
  assert.equal(toHttp(new DomainError('bad_request', 'whatever', { code: 'custom', params: { n: 1 } })).body.code, 'custom');
});

it('field errors are { field, code, params?, message } with codes from the §5 texts', () => {
  const v = toHttp(
    Errors.validation([
      { field: 'name', message: 'Max 100 symbols' },
      { field: 'x', message: 'Something new' },
    ]),
  );
  assert.deepEqual(v.body.errors, [
    { field: 'name', code: 'tooLong', params: { max: 100 }, message: 'Max 100 symbols' },
    { field: 'x', code: 'invalidValue', message: 'Something new' },
  ]);
  assert.equal(v.body.code, 'validation');
  const c = toHttp(Errors.conflict('email', 'This e-mail is already taken'));
  assert.equal(c.body.code, 'conflict');
  assert.deepEqual(c.body.errors, [{ field: 'email', code: 'emailTaken', message: 'This e-mail is already taken' }]);
});

it('codes and params survive the bus', () => {
  const e = new DomainError('payload_too_large', 'Files above 20 MB cannot be attached');
  const back = DomainError.from(JSON.parse(JSON.stringify(e.toJSON())));
  assert.equal(back.kind, 'payload_too_large');
  assert.equal(back.code, 'filesAbove');
  assert.deepEqual(back.params, { size: '20 MB' });
  assert.equal(back.status, 413);
});

describe('backing services out of reach → 503 (issue 18 §5)', () => {
  it('maps refused and dropped connections and PostgreSQL shutdown codes to unavailable, nothing else', () => {
    for (const err of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      new Error('Connection terminated unexpectedly'),
      new Error('outer', { cause: Object.assign(new Error('inner'), { code: 'ECONNRESET' }) }),
    ]) {
      assert.equal(isUnavailableError(err), true, err.message);
      const s = serializeError(err);
      assert.equal(s.status, 503, err.message);
      assert.equal(s.code, 'unavailable');
    }
    for (const err of [new Error('boom'), Object.assign(new Error('duplicate key'), { code: '23505' }), null, 'x']) {
      assert.equal(isUnavailableError(err), false);
      assert.equal(serializeError(err).status, 500);
    }
  });
});

describe('error codes as the primary key (issue 30 §4)', () => {
  it('raises a code definition with its text, params filled, and the same answer as the plain text', () => {
    const e = Errors.coded(SPEC_CODES.cannotBlockSelf);
    assert.deepEqual(toHttp(e), toHttp(Errors.forbidden('You cannot block yourself')));
    const b = toHttp(Errors.coded(SPEC_CODES.vacationBalance, { left: 3 }));
    assert.deepEqual(b, {
      status: 400,
      body: { name: 'bad_request', code: 'vacationBalance', params: { left: 3 }, message: 'Not enough vacation days: 3 left' },
    });
    // A kind without a specific code keeps the kind as the code, as for a plain text.
    assert.equal(Errors.codedAs('conflict', SPEC_CODES.emailTaken).code, 'conflict');
    assert.equal(Errors.coded(GENERIC.no_access).code, 'no_access');
  });

  it('field errors by code: 400 validation / 409 conflict carrying code, params and the English text', () => {
    assert.deepEqual(toHttp(Errors.fieldCoded('name', GENERIC.tooLong, { max: 100 })), {
      status: 400,
      body: {
        name: 'validation',
        code: 'validation',
        message: 'Max 100 symbols',
        errors: [{ field: 'name', code: 'tooLong', params: { max: 100 }, message: 'Max 100 symbols' }],
      },
    });
    assert.deepEqual(toHttp(Errors.conflictCoded('email', SPEC_CODES.emailTaken)), toHttp(Errors.conflict('email', 'This e-mail is already taken')));
    assert.deepEqual(fieldOf('a', GENERIC.required), { field: 'a', code: 'required', message: 'Field is required', params: undefined });
  });

  it('the plain-text fallback matches registered texts exactly, placeholders standing for any value', () => {
    assert.deepEqual(codeOf('Max 100 symbols'), { code: 'tooLong', params: { max: 100 } });
    assert.deepEqual(codeOf('Storage limit reached (10 GB)! Available 1.5 GB'), { code: 'storageLimit', params: { size: '10 GB', available: '1.5 GB' } });
    assert.deepEqual(codeOf('Invalid date'), { code: 'invalidDate' });
    assert.equal(codeOf('Max 100 symbols!'), null);
    assert.equal(codeOf('Max  symbols'), null);
    assert.equal(codeOf('Field is required.'), null);
  });

  it('every registered code has an English text whose placeholders are its params, each once', () => {
    for (const [owner, defs] of registeredCodes())
      for (const d of defs) {
        assert.ok(d.text.trim().length > 0, `${owner}.${d.code}: no text`);
        const names = placeholdersOf(d.text);
        assert.deepEqual(d.params, names, `${owner}.${d.code}`);
        assert.equal(new Set(names).size, names.length, `${owner}.${d.code}: a placeholder twice`);
      }
  });
});
