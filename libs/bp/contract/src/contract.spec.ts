import { describe, expect, it } from '@jest/globals';
import { BP_CODES, bpRoutes, checkValues, serviceIssues, type Field } from './index.ts';

describe('bp contract', () => {
  it('§5 service rules: name, description, group required; at most 5 steps, 10 fields, 5 performers', () => {
    const codes = (p: Parameters<typeof serviceIssues>[0]) => serviceIssues(p).map((i) => `${i.field}:${i.code}`);
    expect(codes({ name: ' ', description: '', group: null })).toEqual(['name:bpNameRequired', 'description:bpDescriptionRequired', 'group:bpGroupRequired']);
    const step = { name: 's', fields: [], performers: [{ kind: 'initiator' }] };
    expect(codes({ name: 'a', description: 'b', group: 'g', steps: Array.from({ length: 6 }, () => step) })).toEqual(['steps:bpStepsMax']);
    const wide = {
      name: 's',
      fields: Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, type: 'string' })),
      performers: [{ kind: 'employees', users: ['1', '2', '3', '4', '5', '6'] }],
    };
    expect(codes({ name: 'a', description: 'b', group: 'g', steps: [step, wide] })).toEqual([
      'steps.1.fields:bpFieldsMax',
      'steps.1.performers:bpPerformersMax',
    ]);
  });

  it('field values are checked by type', () => {
    const f = (type: Field['type'], extra: Partial<Field> = {}): Field => ({ _id: type, name: type, type, required: true, ...extra });
    const fields = [f('string'), f('number'), f('date'), f('email'), f('phone'), f('select', { options: ['a'] }), f('period'), f('user')];
    const { issues } = checkValues(
      fields,
      {
        string: 'x'.repeat(51),
        number: 'one',
        date: '2024-02-30',
        email: 'nope',
        phone: 'abc',
        select: 'b',
        period: { from: '2024-02-02', to: '2024-02-01' },
        user: '00000000-0000-4000-8000-000000000000',
      },
      () => false,
    );
    expect(issues.map((i) => i.code)).toEqual([
      BP_CODES.stringMax,
      BP_CODES.invalidNumber,
      BP_CODES.invalidDate,
      BP_CODES.invalidEmail,
      BP_CODES.invalidPhone,
      BP_CODES.notAnOption,
      BP_CODES.invalidPeriod,
      BP_CODES.userNotInClient,
    ]);
  });

  it('routes live under /api/bp, /api/service_group, /api/service/ or are §7 send_service_req, with subjects of the domain', () => {
    for (const r of Object.values(bpRoutes)) {
      expect(['/api/bp', '/api/service_group', '/api/service/', '/api/user/send_service_req'].some((p) => r.path.startsWith(p))).toBe(true);
      expect(r.subject.startsWith('bp.')).toBe(true);
    }
  });
});
