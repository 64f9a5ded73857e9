import { describe, expect, it } from '@jest/globals';
import { ActivityTracker, trackedModuleOf, type SessionOut, type VisitOut } from './activity.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 5, 9, 0);
const iso = (ms: number) => new Date(ms).toISOString();

/** A tracker on a hand-moved clock, recording what it sends. */
function drive() {
  let now = T0;
  const sent: { sessions: SessionOut[]; visits: VisitOut[]; closing: boolean }[] = [];
  const t = new ActivityTracker(
    (b, closing) => sent.push({ ...b, closing }),
    () => now,
  );
  return { t, sent, at: (minutes: number) => (now = T0 + minutes * MIN) };
}

describe('ActivityTracker (§2 module visits, §4 session reporting)', () => {
  it('maps §2 paths to the tracked modules; untracked paths to none', () => {
    expect(
      ['/company', '/post/1', '/articles/', '/article/9', '/courses/analytics/u1', '/courses/7', '/task-tracker/', '/desk/3'].map(trackedModuleOf),
    ).toEqual(['wall', 'wall', 'kb', 'articles', 'coursesAnalytics', 'courses', 'tasks', 'tasks']);
    expect(['/profile/1', '/employees/', '/chat', '/', '/admin/'].map(trackedModuleOf)).toEqual([null, null, null, null, null]);
  });

  it('a session is reported only after 10 idle minutes, then a new one begins with the next activity', () => {
    const { t, sent, at } = drive();
    t.activity();
    at(4);
    t.activity();
    at(13.9);
    t.tick();
    expect(sent).toEqual([]);
    at(14);
    t.tick();
    expect(sent).toEqual([{ sessions: [{ sessionStart: iso(T0), currentTime: iso(T0 + 4 * MIN) }], visits: [], closing: false }]);
    at(30);
    t.activity();
    at(31);
    t.close();
    expect(sent[1]!.sessions).toEqual([{ sessionStart: iso(T0 + 30 * MIN), currentTime: iso(T0 + 31 * MIN) }]);
    expect(sent[1]!.closing).toBe(true);
  });

  it('leaving a tracked module reports its visit; visits are batched until the tick or the page closes', () => {
    const { t, sent, at } = drive();
    t.navigate('/company');
    at(1);
    t.navigate('/post/1'); // still the wall
    at(2);
    t.navigate('/polls');
    at(3);
    t.navigate('/profile/u1');
    expect(sent).toEqual([]);
    t.tick();
    expect(sent[0]!.visits).toEqual([
      { moduleName: 'wall', date: iso(T0 + 2 * MIN) },
      { moduleName: 'polls', date: iso(T0 + 3 * MIN) },
    ]);
    t.navigate('/shop/');
    at(5);
    t.close();
    expect(sent[1]).toEqual({
      sessions: [{ sessionStart: iso(T0), currentTime: iso(T0 + 5 * MIN) }],
      visits: [{ moduleName: 'shop', date: iso(T0 + 5 * MIN) }],
      closing: true,
    });
    t.close();
    expect(sent).toHaveLength(2);
  });

  it('sends at once when 20 reports are queued', () => {
    const { t, sent } = drive();
    for (let i = 0; i < 10; i++) {
      t.navigate('/company');
      t.navigate('/polls');
    }
    expect(sent).toEqual([]);
    t.navigate('/company');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.visits).toHaveLength(20);
  });
});
