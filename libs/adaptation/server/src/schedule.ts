/**
 * Calendar arithmetic of the step schedule (pure): a step opens on start date + its days, at the client's opening
 * hour in the client's time zone (§3 settings per client).
 */

/** The local calendar day (YYYY-MM-DD) and hour (0–23) of instant `at` in IANA zone `tz` (UTC if unknown). */
export function localParts(at: Date, tz: string): { day: string; hour: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
  } catch {
    return { day: at.toISOString().slice(0, 10), hour: at.getUTCHours() };
  }
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) % 24 };
}

/** `day` (YYYY-MM-DD) plus `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The instant local day `day` reaches `hour`:00 in zone `tz` (two passes over the zone's offset: DST-safe enough). */
export function openInstant(day: string, hour: number, tz: string): Date {
  const wanted = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const p = localParts(new Date(guess), tz);
    const seen = Date.parse(`${p.day}T${String(p.hour).padStart(2, '0')}:00:00Z`) + new Date(guess).getUTCMinutes() * 60_000;
    guess += wanted - seen;
  }
  return new Date(guess);
}

/** The latest opening day due at `at`: today if the opening hour has come in `tz`, else yesterday. */
export function dueDay(at: Date, tz: string, openHour: number): string {
  const p = localParts(at, tz);
  return p.hour >= openHour ? p.day : addDays(p.day, -1);
}
