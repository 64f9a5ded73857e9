import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { lmsEvents } from '@intranet/lms-contract';
import { RULES } from './rules.ts';

const evt = <T>(data: T, id = 'e1') => ({ id, subject: 's', clientId: 'c1', at: '2026-11-27T00:00:00.000Z', data });
const ruleOf = (subject: string) => RULES.find((r) => r.def.subject === subject)!;

describe('learning and IDP notifications (lms-rules.ts)', () => {
  it('a course appointed notifies each appointed person but the one who appointed it, linking the course', () => {
    const d = ruleOf(lmsEvents.courseAppointed.subject).drafts(
      evt({ courseId: 'c9', title: 'Safety', users: ['u1', 'u2', 'admin'], departments: ['Sales'], by: 'admin' }) as never,
    );
    assert.deepEqual(
      d.map((x) => [x.userId, x.type, x.link, x.section]),
      [
        ['u1', 'course.appointed', '/courses/c9', 'other'],
        ['u2', 'course.appointed', '/courses/c9', 'other'],
      ],
    );
    assert.equal(d[0]!.data?.name, 'Safety');
  });

  it('a plan created or changed notifies its employee, creator and observer once each, not the author (section idp)', () => {
    const rule = ruleOf(lmsEvents.idpChanged.subject);
    const created = rule.drafts(evt({ idpId: 'p1', title: 'Grow', employee: 'e', creator: 'm', observer: 'o', by: 'm', action: 'created' }) as never);
    assert.deepEqual(
      created.map((x) => [x.userId, x.type, x.section, x.link]),
      [
        ['e', 'idp.created', 'idp', '/idp/p1'],
        ['o', 'idp.created', 'idp', '/idp/p1'],
      ],
    );
    const changed = rule.drafts(evt({ idpId: 'p1', title: 'Grow', employee: 'e', creator: 'e', observer: null, by: 'x', action: 'updated' }, 'e2') as never);
    assert.deepEqual(
      changed.map((x) => [x.userId, x.type, x.key]),
      [['e', 'idp.changed', 'idp.changed:p1:e:e2']],
    );
  });
});
