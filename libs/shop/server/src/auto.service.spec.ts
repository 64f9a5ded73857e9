import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { localDay, nextHour, profileComplete, yearsOn } from './auto.service.ts';

describe('date-driven automatic accruals (auto.service.ts)', () => {
  it("a client's day is its local date: the same instant is another day east and west of UTC", () => {
    const at = new Date('2026-03-01T22:30:00Z');
    assert.equal(localDay(at, 'UTC'), '2026-03-01');
    assert.equal(localDay(at, 'Europe/Kyiv'), '2026-03-02');
    assert.equal(localDay(new Date('2026-03-01T03:00:00Z'), 'America/New_York'), '2026-02-28');
    assert.equal(localDay(at, 'Not/AZone'), '2026-03-01');
  });

  it('the hourly job moves one UTC hour, across days', () => {
    assert.equal(nextHour('2026-12-31T23'), '2027-01-01T00');
    assert.equal(nextHour('2026-03-01T09'), '2026-03-01T10');
  });

  it('years of service and profile completion', () => {
    assert.equal(yearsOn('2020-05-04', '2026-05-04'), 6);
    assert.equal(yearsOn(null, '2026-05-04'), null);
    assert.equal(profileComplete({ avatar: 'a', position: 'p', department: 'd', birthDate: '1990-01-01', workingSince: '2020-01-01' } as never), true);
    assert.equal(profileComplete({ avatar: 'a' } as never), false);
  });
});
