import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { API_TEXT, ApiError, connectionError, errorFromResponse, isApiError, NO_RESPONSE } from './errors.ts';

describe('§8 error texts', () => {
  it('are the spec texts', () => {
    assert.equal(API_TEXT.notFound, 'The requested resource was not found');
    assert.equal(API_TEXT.serverError, 'Server error');
    assert.equal(API_TEXT.unknown, 'An error occured');
    assert.equal(API_TEXT.connection, 'Problems connecting to server');
    assert.equal(API_TEXT.noConnection, 'No connection to server!');
  });
});

describe('errorFromResponse (§8)', () => {
  it("404 without a message says 'The requested resource was not found'", () => {
    for (const body of [undefined, '', {}, { name: 'not_found' }]) {
      const e = errorFromResponse(404, body);
      assert.equal(e.message, 'The requested resource was not found', JSON.stringify(body));
      assert.equal(e.status, 404);
      assert.equal(e.code, 'not_found');
    }
  });

  it('404 with a server message keeps it (e.g. the dictionary text)', () => {
    assert.equal(errorFromResponse(404, { code: 'not_found', message: 'User not found' }).message, 'User not found');
  });

  it("403 'Login blocked' keeps the server's text and code", () => {
    const e = errorFromResponse(403, { name: 'login_blocked', code: 'login_blocked', message: 'Login blocked' });
    assert.equal(e.message, 'Login blocked');
    assert.equal(e.code, 'login_blocked');
    assert.equal(e.status, 403);
    assert.equal(e.silent, false);
  });

  it('500 shows the message from the body: message, else error, else text, else name', () => {
    assert.equal(errorFromResponse(500, { message: 'Database down', error: 'x', name: 'internal' }).message, 'Database down');
    assert.equal(errorFromResponse(500, { error: 'Disk full', name: 'internal' }).message, 'Disk full');
    assert.equal(errorFromResponse(500, { text: 'Try later', name: 'internal' }).message, 'Try later');
    assert.equal(errorFromResponse(500, { name: 'Something broke' }).message, 'Something broke');
    assert.equal(errorFromResponse(500, { message: '   ' }).message, 'Server error', 'blank texts are skipped');
  });

  it("500 with no usable body falls back to 'Server error'; other statuses to 'An error occured'", () => {
    assert.equal(errorFromResponse(500, undefined).message, 'Server error');
    assert.equal(errorFromResponse(503, '<html><body>Bad gateway</body></html>').message, 'Server error', 'HTML pages are not shown');
    assert.equal(errorFromResponse(500, undefined).code, 'internal');
    assert.equal(errorFromResponse(418, undefined).message, 'An error occured');
    assert.equal(errorFromResponse(409, {}).message, 'An error occured');
  });

  it('a short plain-text body is the message', () => {
    assert.equal(errorFromResponse(500, 'Out of memory').message, 'Out of memory');
    assert.equal(errorFromResponse(500, 'x'.repeat(400)).message, 'Server error', 'long text bodies are not shown');
  });

  it('the no-show flag makes the error silent; without it the error is shown', () => {
    assert.equal(errorFromResponse(500, { message: 'Hidden', noShow: true }).silent, true);
    assert.equal(errorFromResponse(500, { message: 'Hidden', no_show: true }).silent, true);
    assert.equal(errorFromResponse(500, { message: 'Shown', noShow: 'yes' }).silent, false);
    assert.equal(errorFromResponse(500, { message: 'Shown' }).silent, false);
  });

  it('keeps validation errors and keys them by form field', () => {
    const e = errorFromResponse(400, {
      code: 'validation',
      message: 'Validation error',
      errors: [
        { field: 'body.email', message: 'Invalid e-mail' },
        { field: 'body.email', message: 'second message is dropped' },
        { field: 'data.login', message: 'This login is already taken' },
        { field: 'name', message: 'Field is required' },
        { message: 'no field: ignored' },
      ],
    });
    assert.equal(e.errors?.length, 4);
    assert.deepEqual(e.fieldErrors(), { email: 'Invalid e-mail', login: 'This login is already taken', name: 'Field is required' });
  });

  it('keeps the stable code, params and field codes the web words (§8 coded errors)', () => {
    const e = errorFromResponse(400, {
      name: 'validation',
      code: 'validation',
      message: 'Validation error',
      errors: [
        { field: 'name', code: 'tooLong', params: { max: 100 }, message: 'Max 100 symbols' },
        { field: 'x', message: 'legacy' },
      ],
    });
    assert.deepEqual(e.fields, [
      { field: 'name', code: 'tooLong', params: { max: 100 }, message: 'Max 100 symbols' },
      { field: 'x', code: 'invalidValue', message: 'legacy' },
    ]);
    const s = errorFromResponse(413, {
      name: 'payload_too_large',
      code: 'storageLimit',
      params: { size: '1 GB', available: '0 B' },
      message: 'Storage limit reached (1 GB)! Available 0 B',
    });
    assert.equal(s.code, 'storageLimit');
    assert.deepEqual(s.params, { size: '1 GB', available: '0 B' });
    assert.equal(s.message, 'Storage limit reached (1 GB)! Available 0 B');
    assert.deepEqual(errorFromResponse(500, undefined).fields, []);
  });

  it('maps statuses to codes when the body has none', () => {
    assert.equal(errorFromResponse(401, undefined).code, 'unauthorized');
    assert.equal(errorFromResponse(403, undefined).code, 'forbidden');
    assert.equal(errorFromResponse(413, undefined).code, 'payload_too_large');
    assert.equal(errorFromResponse(429, undefined).code, 'rate_limited');
  });
});

describe('connectionError (§8 no response)', () => {
  it("has status 0, says 'Problems connecting to server' and is not shown in the error dialog", () => {
    const cause = new TypeError('fetch failed');
    const e = connectionError(cause);
    assert.ok(isApiError(e));
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, NO_RESPONSE);
    assert.equal(NO_RESPONSE, 0);
    assert.equal(e.code, 'network');
    assert.equal(e.message, 'Problems connecting to server');
    assert.equal(e.silent, true);
    assert.equal((e as { cause?: unknown }).cause, cause);
  });

  it('isApiError tells ApiErrors from other errors', () => {
    assert.equal(isApiError(new Error('x')), false);
    assert.equal(isApiError({ status: 500, message: 'x' }), false);
  });
});
