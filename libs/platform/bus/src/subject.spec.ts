import assert from 'node:assert/strict';
import { it } from '@jest/globals';
import { subjectMatches } from './subject.ts';

it('subjectMatches follows NATS wildcards', () => {
  assert.equal(subjectMatches('evt.people.>', 'evt.people.user.created'), true);
  assert.equal(subjectMatches('evt.people.>', 'evt.people'), false);
  assert.equal(subjectMatches('evt.*.user.*', 'evt.people.user.created'), true);
  assert.equal(subjectMatches('evt.*.user', 'evt.people.user.created'), false);
  assert.equal(subjectMatches('people.user.get', 'people.user.get'), true);
  assert.equal(subjectMatches('people.user.get', 'people.user.gets'), false);
});
