import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { kbEvents } from '@intranet/kb-contract';
import { VACANCY_RESPONDED_SUBJECT } from './subjects.ts';

describe('realtime subjects the shell writes out (issue 8 §5: no domain contract in the first load)', () => {
  it('are the subjects of their contracts', () => {
    assert.equal(VACANCY_RESPONDED_SUBJECT, kbEvents.vacancyResponded.subject);
  });
});
