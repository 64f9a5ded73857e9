import { MOOD_MIN_GROUP } from '@intranet/analytics-contract';

/** One (analysis period, department) cell of mood ratings: how many and their sum. */
export interface MoodCell {
  day: string;
  department: string;
  n: number;
  sum: number;
}
export interface MoodGroup {
  key: string;
  count: number | null;
  average: number | null;
  hidden: boolean;
}

/**
 * Mood statistics that never reveal one person's rating (issue 35): only cells (period × department) with at least
 * MOOD_MIN_GROUP ratings enter ANY aggregate, so every figure — total, by period, by department, and the difference
 * of two queries over other windows or filters — is a sum of whole cells of ≥ 5 ratings. A group with ratings but no
 * eligible cell is listed as hidden (no count, no average).
 */
export function moodGroups(cells: readonly MoodCell[]): { total: MoodGroup; byPeriod: MoodGroup[]; byDepartment: MoodGroup[] } {
  const fold = (key: string, of: MoodCell[]): MoodGroup => {
    const ok = of.filter((c) => c.n >= MOOD_MIN_GROUP);
    const n = ok.reduce((a, c) => a + c.n, 0);
    const sum = ok.reduce((a, c) => a + c.sum, 0);
    return n ? { key, count: n, average: Math.round((sum / n) * 100) / 100, hidden: false } : { key, count: null, average: null, hidden: true };
  };
  const by = (pick: (c: MoodCell) => string) => {
    const m = new Map<string, MoodCell[]>();
    for (const c of cells) m.set(pick(c), [...(m.get(pick(c)) ?? []), c]);
    return [...m.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => fold(k, v));
  };
  return { total: fold('total', [...cells]), byPeriod: by((c) => c.day), byDepartment: by((c) => c.department) };
}
