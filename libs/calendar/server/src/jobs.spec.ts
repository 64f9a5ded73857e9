import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { Test, type TestingModule } from '@nestjs/testing';
import { calendarEvents } from '@intranet/calendar-contract';
import { PORTS } from '@intranet/platform-host';
import { EventsRepository, RemindersRepository, type FullEvent } from './calendar.repository.ts';
import { CalendarJobs, PLAN_HORIZON_MS, REMINDER_QUEUE, SWEEP_QUEUE, reminderPlan, reminderStands, type ReminderJob } from './jobs.ts';
import type { EventRow } from './schema.ts';

const NOW = new Date('2030-03-18T07:00:00Z');
const row = (over: Partial<EventRow> = {}): EventRow =>
  ({
    id: 'ev',
    clientId: 'cl',
    seriesId: null,
    name: 'Stand-up',
    description: '',
    color: '#000',
    link: '',
    organiserId: 'org',
    date: '2030-03-18',
    startTime: '10:00',
    endTime: '10:15',
    tz: 'UTC',
    remind: 10,
    rrule: null,
    exdates: [],
    spanStart: new Date('2030-03-18T10:00:00Z'),
    spanEnd: new Date('2030-03-18T10:15:00Z'),
    plannedUntil: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  }) as EventRow;
const full = (over: Partial<EventRow> = {}, members = ['mem', 'org']): FullEvent => ({ row: row(over), members, overrides: [] });

describe('reminderPlan (pure)', () => {
  it('one job per member and the organiser (once each), due `remind` minutes before the start, keyed by its cause', () => {
    const plan = reminderPlan(full(), NOW);
    assert.deepEqual(
      plan.map((p) => [p.data.userId, p.data.occurrence, p.data.dueAt, p.data.startAt, p.startAfter.toISOString(), p.causeKey]),
      [
        ['mem', '', '2030-03-18T09:50:00.000Z', '2030-03-18T10:00:00.000Z', '2030-03-18T09:50:00.000Z', 'ev||mem|2030-03-18T09:50:00.000Z'],
        ['org', '', '2030-03-18T09:50:00.000Z', '2030-03-18T10:00:00.000Z', '2030-03-18T09:50:00.000Z', 'ev||org|2030-03-18T09:50:00.000Z'],
      ],
    );
    assert.ok(plan.every((p) => p.data.clientId === 'cl' && p.data.eventId === 'ev' && p.data.minutes === 10));
  });

  it('a series: its occurrences within the horizon only, each under its RECURRENCE-ID; none already started', () => {
    const daily = full({ rrule: 'FREQ=DAILY;INTERVAL=1;COUNT=5', spanEnd: new Date('2030-03-22T10:15:00Z') }, ['org']);
    const plan = reminderPlan(daily, NOW);
    // 48 h ahead plus the offset is the 20th 07:10: the 18th and the 19th; the 20th's 10:00 is later.
    assert.deepEqual(
      plan.map((p) => p.data.occurrence),
      ['2030-03-18', '2030-03-19'],
    );
    assert.ok(plan.every((p) => Date.parse(p.data.startAt) <= NOW.getTime() + PLAN_HORIZON_MS + 10 * 60_000));
    const later = reminderPlan(daily, new Date('2030-03-18T10:00:00Z'));
    assert.equal(later[0]!.data.occurrence, '2030-03-19');
  });

  it('no reminder wanted: no job; a moved start changes the cause key (a new job), the same start keeps it', () => {
    assert.deepEqual(reminderPlan(full({ remind: null }), NOW), []);
    const before = reminderPlan(full(), NOW).map((p) => p.causeKey);
    assert.deepEqual(
      reminderPlan(full({ name: 'Renamed' }), NOW).map((p) => p.causeKey),
      before,
    );
    assert.notDeepEqual(
      reminderPlan(full({ startTime: '11:00' }), NOW).map((p) => p.causeKey),
      before,
    );
  });
});

describe('reminderStands (pure): a job queued before a change is skipped when the change undid it', () => {
  const job = reminderPlan(full(), NOW)[0]!.data;
  it('stands while the event still reminds that user at that start', () => {
    assert.equal(reminderStands(full(), job, NOW), true);
  });
  it('not for a deleted event, a moved start, another offset, a removed member, or more than an hour after the start', () => {
    assert.equal(reminderStands(undefined, job, NOW), false);
    assert.equal(reminderStands(full({ startTime: '11:00' }), job, NOW), false);
    assert.equal(reminderStands(full({ remind: 15 }), job, NOW), false);
    assert.equal(reminderStands(full({}, ['org']), job, NOW), false);
    assert.equal(reminderStands(full(), job, new Date('2030-03-18T11:00:01Z')), false);
  });
  it('of a series: not for a cancelled (EXDATE) occurrence', () => {
    const daily = full({ rrule: 'FREQ=DAILY;INTERVAL=1;COUNT=3' });
    const first = reminderPlan(daily, NOW)[0]!.data;
    assert.equal(reminderStands(daily, first, NOW), true);
    assert.equal(reminderStands(full({ rrule: 'FREQ=DAILY;INTERVAL=1;COUNT=3', exdates: ['2030-03-18'] }), first, NOW), false);
  });
});

describe('CalendarJobs (Nest DI, repositories and ports replaced)', () => {
  let app: TestingModule;
  let jobs: CalendarJobs;
  let stored: FullEvent | undefined;
  const sent = new Set<string>();
  const outbox: { subject: string; data: Record<string, unknown> }[] = [];
  const queued: { name: string; items: unknown[]; tx: unknown }[] = [];
  const updates: Record<string, unknown>[] = [];
  const worked: string[] = [];
  const sweeps: string[] = [];
  const tx = { tx: true };

  beforeAll(async () => {
    app = await Test.createTestingModule({
      providers: [
        CalendarJobs,
        { provide: PORTS.db, useValue: { inTenant: (_ctx: unknown, fn: (t: unknown) => unknown) => fn(tx) } },
        {
          provide: PORTS.jobs,
          useValue: {
            work: async (name: string) => void worked.push(name),
            send: async (name: string, data: unknown, o: { causeKey: string }) => void sweeps.push(`${name} ${o.causeKey}`),
            sendMany: async (name: string, items: unknown[], o: { tx: unknown }) => void queued.push({ name, items, tx: o.tx }),
          },
        },
        {
          provide: PORTS.outbox,
          useValue: {
            add: async (_tx: unknown, def: { subject: string }, _c: string, data: Record<string, unknown>) => void outbox.push({ subject: def.subject, data }),
          },
        },
        {
          provide: EventsRepository,
          useValue: { find: async () => stored, update: async (_t: unknown, _id: string, set: Record<string, unknown>) => void updates.push(set) },
        },
        {
          provide: RemindersRepository,
          useValue: {
            markSent: async (_t: unknown, r: { eventId: string; occurrence: string; userId: string }) => {
              const key = `${r.eventId}|${r.occurrence}|${r.userId}`;
              if (sent.has(key)) return false;
              sent.add(key);
              return true;
            },
          },
        },
      ],
    }).compile();
    await app.init(); // runs onApplicationBootstrap: the queues are worked at start
    jobs = app.get(CalendarJobs);
  });
  afterAll(async () => {
    await app.close();
  });

  it('at start: works the reminder and sweep queues and queues the sweep of the current slot', () => {
    assert.deepEqual(worked, [REMINDER_QUEUE, SWEEP_QUEUE]);
    assert.equal(sweeps.length, 1);
    assert.match(sweeps[0]!, new RegExp(`^${SWEEP_QUEUE} slot\\|\\d+$`));
  });

  it('plan: queues the plan in the caller transaction and records the horizon', async () => {
    await jobs.plan(tx as never, full(), NOW);
    assert.equal(queued.length, 1);
    assert.equal(queued[0]!.name, REMINDER_QUEUE);
    assert.equal(queued[0]!.tx, tx);
    assert.equal(queued[0]!.items.length, 2);
    assert.deepEqual(updates, [{ plannedUntil: new Date(NOW.getTime() + PLAN_HORIZON_MS) }]);
  });

  it('fire: sends the reminder once per occurrence and user, however often the job runs; nothing for a job that no longer stands', async () => {
    stored = full();
    const job: ReminderJob = reminderPlan(stored, NOW)[0]!.data;
    assert.equal(await jobs.fire(job, NOW), true);
    assert.equal(await jobs.fire(job, NOW), false);
    assert.deepEqual(outbox, [
      {
        subject: calendarEvents.reminder.subject,
        data: { _id: 'ev', occurrence: null, name: 'Stand-up', start: '2030-03-18T10:00:00.000Z', tz: 'UTC', minutes: 10, userIds: ['mem'] },
      },
    ]);
    stored = full({ startTime: '12:00' });
    assert.equal(await jobs.fire(reminderPlan(full(), NOW)[1]!.data, NOW), false);
    assert.equal(outbox.length, 1);
  });
});
