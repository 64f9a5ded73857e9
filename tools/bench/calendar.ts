/**
 * Benchmark of the calendar (issue 13 "Bench"): a client with BENCH_EVENTS events (10,000) of which
 * BENCH_RECURRING (1,000) repeat (daily, weekly on two weekdays, monthly), BENCH_EMPLOYEES employees, three members
 * each. Through the gateway in distributed mode (gateway → NATS → calendar-service → PostgreSQL):
 * - the month view of one employee (GET /api/event/byClient/{client}?from&to&tz: range read + expansion), p50/p99;
 * - the same month as the administrator (every event of the client in the month);
 * - creating a weekly series (POST api/event/periodic_event), p50/p99 of sequential calls;
 * and in process: the expansion cost per 1,000 recurring events (rrule + Luxon) for a month and a year window, and
 * the bare range SQL beside the gateway figure.
 *
 *   node tools/bench/calendar.ts
 *   BENCH_SECONDS=5 BENCH_EVENTS=20000 node tools/bench/calendar.ts
 *
 * Environment: BENCH_SECONDS (10), BENCH_CONNECTIONS (16), BENCH_EVENTS (10000), BENCH_RECURRING (1000),
 * BENCH_EMPLOYEES (300), BENCH_CREATES (200), BENCH_PG_URL, BENCH_NATS_URL.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { allDates, expand, spanOf, toRrule, type SeriesLike } from '../../libs/calendar/server/src/recurrence.ts';
import { api, autocannon, expectOk, intEnv, log, machine, percentile, runBench, startStack, superClient, table } from './lib.ts';

const SECONDS = intEnv('BENCH_SECONDS', 10);
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 16);
const EVENTS = intEnv('BENCH_EVENTS', 10_000);
const RECURRING = intEnv('BENCH_RECURRING', 1_000, 0);
const EMPLOYEES = intEnv('BENCH_EMPLOYEES', 300);
const CREATES = intEnv('BENCH_CREATES', 200);
const TZ = 'Europe/Kyiv';

/** One seeded event (the recurrence of every tenth-ish is a series). */
function seedEvent(i: number, start: DateTime): SeriesLike & { remind: number | null } {
  const date = start.plus({ days: i % 365 }).toISODate()!;
  const hour = 8 + (i % 10);
  const ev = {
    id: randomUUID(),
    date,
    startTime: `${String(hour).padStart(2, '0')}:00`,
    endTime: `${String(hour).padStart(2, '0')}:45`,
    tz: TZ,
    rrule: null as string | null,
    exdates: [] as string[],
    remind: 10,
  };
  if (i < RECURRING) {
    const kind = i % 3;
    ev.rrule =
      kind === 0
        ? toRrule({ period: 'day', interval: 1, weekdays: [], until: null, count: 60 })
        : kind === 1
          ? toRrule({ period: 'week', interval: 1, weekdays: ['MO', 'WE'], until: start.plus({ months: 9 }).toISODate()!, count: null })
          : toRrule({ period: 'month', interval: 1, weekdays: [], until: null, count: 12 });
  }
  return ev;
}

async function main(): Promise<void> {
  const s = await startStack({ services: ['calendar'], employees: EMPLOYEES });
  const su = await superClient(s);
  const admin = api(s.base, s.adminToken);
  // The viewer: an employee with a password (imported ones have none), a member of every tenth event.
  const me = expectOk(
    await admin('POST', '/api/register', {
      firstName: 'Vera',
      lastName: 'Viewer',
      email: 'viewer@bench.test',
      password: 'viewer123',
      confirmPassword: 'viewer123',
    }),
    'register viewer',
  ).result;
  const login = expectOk(await api(s.base)('POST', '/api/login', { login: 'viewer@bench.test', password: 'viewer123' }), 'login viewer');
  const token = login.token as string;
  const people = [...s.employeeIds];

  // Seed by SQL (the rows the service would write: span computed by the same recurrence code).
  const start = DateTime.now().setZone(TZ).startOf('month');
  const t0 = performance.now();
  const rows: unknown[][] = [];
  const memberRows: unknown[][] = [];
  for (let i = 0; i < EVENTS; i++) {
    const ev = seedEvent(i, start);
    const span = spanOf(ev, []);
    const organiser = people[i % people.length]!;
    rows.push([ev.id, s.clientId, `Event ${i}`, '#3b82f6', organiser, TZ, ev.date, ev.startTime, ev.endTime, 10, ev.rrule, span.start, span.end]);
    const members = new Set([
      people[(i * 7) % people.length]!,
      people[(i * 13 + 1) % people.length]!,
      ...(i % 10 === 0 ? [me._id] : [people[(i * 17 + 2) % people.length]!]),
    ]);
    for (const m of members) memberRows.push([ev.id, m, s.clientId]);
  }
  const insert = async (table: string, cols: string[], data: unknown[][]) => {
    for (let i = 0; i < data.length; i += 1000) {
      const chunk = data.slice(i, i + 1000);
      const values = chunk.map((r, j) => `(${r.map((_, k) => `$${j * cols.length + k + 1}`).join(', ')})`).join(', ');
      await su.query(`INSERT INTO calendar.${table} (${cols.join(', ')}) VALUES ${values}`, chunk.flat());
    }
  };
  await insert(
    'events',
    ['id', 'client_id', 'name', 'color', 'organiser_id', 'tz', 'date', 'start_time', 'end_time', 'remind', 'rrule', 'span_start', 'span_end'],
    rows,
  );
  await insert('event_members', ['event_id', 'user_id', 'client_id'], memberRows);
  await su.query('ANALYZE calendar.events; ANALYZE calendar.event_members');
  log(`seeded ${EVENTS} events (${RECURRING} recurring), ${memberRows.length} memberships in ${Math.round(performance.now() - t0)} ms`);

  // The month view: next month (every series is running then).
  const month = start.plus({ months: 1 });
  const q = `from=${month.toISODate()}&to=${month.plus({ months: 1 }).toISODate()}&tz=${encodeURIComponent(TZ)}`;
  const path = `/api/event/byClient/${s.clientId}?${q}`;
  const mine = expectOk(await api(s.base, token)('GET', path), 'month view').result as unknown[];
  const all = expectOk(await admin('GET', path), 'month view (admin)').result as unknown[];
  log(`month view: ${mine.length} occurrences for the employee, ${all.length} for the administrator`);

  const cannon = (tok: string, connections = CONNECTIONS) =>
    autocannon({ url: s.base + path, connections, duration: SECONDS, headers: { authorization: `Bearer ${tok}` }, timeout: 30 });
  await autocannon({ url: s.base + path, connections: CONNECTIONS, duration: 2, headers: { authorization: `Bearer ${token}` } });
  const r0 = await cannon(token, 1);
  const r1 = await cannon(token);
  const r2 = await cannon(s.adminToken);

  // Bare SQL of the employee's range read (superuser: no RLS), sequential.
  const bare: number[] = [];
  for (let i = 0; i < 200; i++) {
    const b0 = performance.now();
    await su.query(
      `SELECT e.* FROM calendar.events e WHERE e.client_id = $1 AND e.span_start < $3 AND e.span_end > $2
         AND (e.organiser_id = $4 OR EXISTS (SELECT 1 FROM calendar.event_members m WHERE m.event_id = e.id AND m.user_id = $4))`,
      [s.clientId, month.toJSDate(), month.plus({ months: 1 }).toJSDate(), me._id],
    );
    bare.push(performance.now() - b0);
  }

  // Writes through the gateway: weekly series with three members, one after another.
  const writes: number[] = [];
  const call = api(s.base, s.adminToken);
  for (let i = 0; i < CREATES; i++) {
    const w0 = performance.now();
    expectOk(
      await call('POST', '/api/event/periodic_event', {
        name: `Bench series ${i}`,
        date: month.plus({ days: i % 28 }).toISODate(),
        start_time: '10:00',
        end_time: '11:00',
        members: [people[i % people.length], people[(i + 1) % people.length], me._id],
        tz: TZ,
        repeat: { period: 'week', weekdays: ['MO', 'TH'], count: 20 },
      }),
      'create series',
    );
    writes.push(performance.now() - w0);
  }

  // Expansion cost per 1,000 recurring events, in process.
  const series = Array.from({ length: 1000 }, (_, i) => seedEvent(i, start)).filter((e) => e.rrule);
  const monthFrom = month.toMillis();
  const monthTo = month.plus({ months: 1 }).toMillis();
  const time = (fn: () => number, runs = 5) => {
    fn();
    const xs: number[] = [];
    let n = 0;
    for (let r = 0; r < runs; r++) {
      const x0 = performance.now();
      n = fn();
      xs.push(performance.now() - x0);
    }
    return { ms: percentile(xs, 50), n };
  };
  const expMonth = time(() => series.reduce((acc, e) => acc + expand(e, [], monthFrom, monthTo).length, 0));
  const expYear = time(() => series.reduce((acc, e) => acc + expand(e, [], start.toMillis(), start.plus({ years: 1 }).toMillis()).length, 0));
  // Cold: rrule computing each series' dates for the first time (new DTSTARTs, so nothing is memoised yet).
  let shift = 400;
  const expAll = time(() => {
    shift += 1;
    return series.reduce((acc, e) => acc + allDates({ ...e, date: DateTime.fromISO(e.date).plus({ days: shift }).toISODate()! }).length, 0);
  });

  const ms = (x: number) => x.toFixed(1);
  console.log(`\ncalendar bench — ${machine(s.pgVersion)}`);
  console.log(`${EVENTS} events (${RECURRING} recurring), ${EMPLOYEES} employees, ${SECONDS} s × ${CONNECTIONS} connections\n`);
  console.log(
    table(
      ['case', 'occurrences', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx'],
      [
        [
          'month view, employee, 1 connection (gateway)',
          String(mine.length),
          String(Math.round(r0.requests.average)),
          String(r0.latency.p50),
          String(r0.latency.p99),
          String(r0.non2xx),
        ],
        [
          `month view, employee, ${CONNECTIONS} connections (gateway)`,
          String(mine.length),
          String(Math.round(r1.requests.average)),
          String(r1.latency.p50),
          String(r1.latency.p99),
          String(r1.non2xx),
        ],
        [
          `month view, admin, ${CONNECTIONS} connections (gateway)`,
          String(all.length),
          String(Math.round(r2.requests.average)),
          String(r2.latency.p50),
          String(r2.latency.p99),
          String(r2.non2xx),
        ],
        ['range SQL alone, employee (bare pg)', '-', '-', ms(percentile(bare, 50)), ms(percentile(bare, 99)), '-'],
        [`create weekly series ×${CREATES} (sequential)`, '-', '-', ms(percentile(writes, 50)), ms(percentile(writes, 99)), '-'],
      ],
    ),
  );
  console.log(
    `\nexpansion per 1,000 recurring events (rrule + Luxon, in process): a month ${ms(expMonth.ms)} ms (${expMonth.n} occurrences), a year ${ms(expYear.ms)} ms (${expYear.n}); first expansion of the whole series (rrule, not memoised yet) ${ms(expAll.ms)} ms (${expAll.n} dates)`,
  );
}

await runBench(main);
