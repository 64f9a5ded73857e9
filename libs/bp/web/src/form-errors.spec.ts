import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { flatErrors } from './form-errors.ts';

describe('flatErrors', () => {
  it('gives each nested error its dotted path', () => {
    const errors = {
      steps: {
        message: 'Max 5 steps',
        type: 'server',
        0: {
          name: { message: 'Form name is required', type: 'server', ref: {} },
          fields: { 1: { options: { message: 'A select field needs options', type: 'server' } } },
        },
      },
      reason: { message: 'Give a reason to decline', type: 'server' },
    };
    assert.deepEqual(flatErrors(errors), {
      steps: 'Max 5 steps',
      'steps.0.name': 'Form name is required',
      'steps.0.fields.1.options': 'A select field needs options',
      reason: 'Give a reason to decline',
    });
  });

  it('leaves out entries without a message, and answers {} for no errors', () => {
    assert.deepEqual(flatErrors({ name: { type: 'server', message: '' }, other: undefined }), {});
    assert.deepEqual(flatErrors(undefined), {});
  });
});
