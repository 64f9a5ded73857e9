import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { errorFromResponse } from '@intranet/web-api';
import { loadErrorState } from './load-error-state.ts';

const all = { noAccess: { title: 'No access here' }, notFound: { title: 'Gone' }, noAnswer: 'Nobody answered' };
const forbidden = errorFromResponse(403, { code: 'no_access', message: 'No access' });
const missing = errorFromResponse(404, { code: 'not_found', message: 'Not found' });
const malformed = errorFromResponse(400, { code: 'validation', message: 'Invalid id' });

describe('LoadError: which state a failed load shows (issue 31 §4)', () => {
  it('403 no access, 404 and a malformed id (400) not found, status 0 no answer, anything else an error', () => {
    assert.equal(loadErrorState(forbidden, all), 'noAccess');
    assert.equal(loadErrorState(missing, all), 'notFound');
    assert.equal(loadErrorState(malformed, all), 'notFound');
    assert.equal(loadErrorState(errorFromResponse(0, undefined), all), 'noAnswer');
    assert.equal(loadErrorState(errorFromResponse(500, { code: 'internal', message: 'Server error' }), all), 'error');
    assert.equal(loadErrorState(new Error('boom'), all), 'error');
  });

  it('a state the page does not word is an error: no noAccess, no notFound, no noAnswer, or a 400 with notFoundOn400 off', () => {
    assert.equal(loadErrorState(forbidden, { ...all, noAccess: undefined }), 'error');
    assert.equal(loadErrorState(missing, { ...all, notFound: undefined }), 'error');
    assert.equal(loadErrorState(errorFromResponse(0, undefined), { ...all, noAnswer: undefined }), 'error');
    assert.equal(loadErrorState(malformed, { ...all, notFoundOn400: false }), 'error');
    assert.equal(loadErrorState(missing, { ...all, notFoundOn400: false }), 'notFound');
  });
});
