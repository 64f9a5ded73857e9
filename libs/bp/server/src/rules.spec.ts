import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { BP_CODES, type Field } from '@intranet/bp-contract';
import { DomainError } from '@intranet/platform-errors';
import { audience, bpError, fileKeysIn, foreignPerformers, namedInStep, namesUsers, normalizeStep, usersInValues } from './rules.ts';

const U1 = '0190f2c4-0000-7000-8000-000000000001';
const U2 = '0190f2c4-0000-7000-8000-000000000002';
const CLIENT = '0190f2c4-0000-7000-8000-0000000000aa';

describe('bp rules (§5 Service, §4 Business process)', () => {
  it('normalizeStep: names trimmed, unique field ids, options only on select, user lists deduplicated on named performers', () => {
    const s = normalizeStep({
      name: '  Approve ',
      fields: [{ _id: 'a', name: ' A ', type: 'select', options: ['x'] }, { _id: 'a', name: 'B', type: 'string', options: ['ignored'] } as never],
      performers: [{ kind: 'employees', users: [U1, U1, U2] }, { kind: 'chief', users: [U1] } as never],
    });
    assert.equal(s.name, 'Approve');
    assert.equal(s.review, false);
    assert.equal(s.fields[0]!._id, 'a');
    assert.notEqual(s.fields[1]!._id, 'a', 'a repeated field id gets a new one');
    assert.deepEqual(s.fields[0]!.options, ['x']);
    assert.equal('options' in s.fields[1]!, false);
    assert.deepEqual(s.performers, [{ kind: 'employees', users: [U1, U2] }, { kind: 'chief' }]);
    assert.deepEqual(namedInStep(s), [U1, U2]);
    assert.equal(namesUsers([s]), true);
    assert.equal(namesUsers([normalizeStep({ name: 'x', performers: [{ kind: 'initiator' }] })]), false);
  });

  it('foreignPerformers: a field error on each performer naming someone outside the client', () => {
    const steps = [
      normalizeStep({
        name: 'x',
        performers: [
          { kind: 'employee', users: [U1] },
          { kind: 'employees', users: [U1, U2] },
        ],
      }),
    ];
    assert.deepEqual(
      foreignPerformers(steps, new Set([U1])).map((i) => `${i.field}:${i.code}`),
      [`steps.0.performers.1.users:${BP_CODES.userNotInClient}`],
    );
    assert.deepEqual(foreignPerformers(steps, new Set([U1, U2])), []);
  });

  it('usersInValues and fileKeysIn: only well-formed ids and upload keys of the matching field types', () => {
    const fields: Field[] = [
      { _id: 'who', name: 'Who', type: 'user', required: false },
      { _id: 'many', name: 'Many', type: 'users', required: false },
      { _id: 'doc', name: 'Doc', type: 'file', required: false },
      { _id: 'txt', name: 'Txt', type: 'string', required: false },
    ];
    const key = `${CLIENT}/file/${U1}/a.pdf`;
    const values = { who: U1, many: [U2, 'nope'], doc: key, txt: U1 };
    assert.deepEqual(usersInValues(fields, values), [U1, U2]);
    assert.deepEqual(fileKeysIn(fields, values), [{ fieldId: 'doc', key }]);
    assert.deepEqual(fileKeysIn(fields, { doc: `${CLIENT}/post/${U1}/a.pdf` }), [], 'another kind');
  });

  it('bpError: field errors with the code, else 403 for refusals, 409 for a moved step, 400 for the rest', () => {
    const status = (e: DomainError) => e.status;
    assert.equal(status(bpError('notPerformer')), 403);
    assert.equal(status(bpError('notAllowed')), 403);
    assert.equal(status(bpError('stepChanged')), 409);
    assert.equal(status(bpError('notActive')), 400);
    const field = bpError('reasonRequired', 'reason');
    assert.equal(field.status, 400);
    assert.deepEqual(
      field.errors?.map((e) => `${e.field}:${e.code}`),
      [`reason:${BP_CODES.reasonRequired}`],
    );
  });

  it('audience: initiator and everyone assigned, once each', () => {
    assert.deepEqual(audience({ initiatorId: U1, participants: [U2, U1] }, [U2]), [U1, U2]);
  });
});
