import { TRACK_PROBLEMS, type AdaptRole, type StepType } from '@intranet/adaptation-contract';
import { fillText } from '@intranet/platform-errors';
import { addDays } from './schedule.ts';
import type { AdaptationWithCounts, TrackCounts } from './adaptation.repository.ts';
import type { ProgressRow, StageRow, StepRow, TrackRow } from './schema.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** §4 track state: contains errors, running, completed (stopped with every adaptation finished), not running. */
export function trackState(t: Pick<TrackRow, 'active'>, c: TrackCounts): 'not_running' | 'running' | 'completed' | 'errors' {
  if (c.problems > 0) return 'errors';
  if (t.active) return 'running';
  return c.members > 0 && c.running === 0 ? 'completed' : 'not_running';
}

/** A track's list row. */
export function trackListOut(t: TrackRow, c: TrackCounts) {
  return {
    _id: t.id,
    name: t.name,
    description: t.description,
    active: t.active,
    state: trackState(t, c),
    stages: c.stages,
    steps: c.steps,
    members: c.members,
    running: c.running,
    created_by: t.createdBy,
    created_at: t.createdAt.toISOString(),
  };
}

export const stageOut = (s: StageRow) => ({ _id: s.id, name: s.name, order: s.ord });

export const stepOut = (s: StepRow) => ({
  _id: s.id,
  stage_id: s.stageId,
  scenario: s.scenario as AdaptRole,
  type: s.type as StepType,
  name: s.name,
  description: s.description,
  days: s.days,
  order: s.ord,
  coins: s.coins,
  article_id: s.articleId,
  link_title: s.linkTitle,
  url: s.url,
  poll_id: s.pollId,
  course_id: s.courseId,
  notify: s.notify as AdaptRole[],
});

/** The §4 errors of a track: a step pointing to a deleted poll, article or course; no steps at all. */
export function problemsOf(list: StepRow[]) {
  const out = list
    .filter((s) => s.problem && s.problem in TRACK_PROBLEMS)
    .map((s) => {
      const def = TRACK_PROBLEMS[s.problem as keyof typeof TRACK_PROBLEMS];
      return { code: def.code, text: fillText(def.text, { step: s.name }), step_id: s.id };
    });
  return out;
}

/** The whole track. */
export function trackOut(t: TrackRow, c: TrackCounts, stageRows: StageRow[], stepRows: StepRow[]) {
  return { ...trackListOut(t, c), stagesList: stageRows.map(stageOut), stepsList: stepRows.map(stepOut), problems: problemsOf(stepRows) };
}

/** An adaptation's row (lists). */
export function adaptationOut(a: AdaptationWithCounts) {
  return {
    _id: a.id,
    track_id: a.trackId,
    track_name: a.trackName,
    user_id: a.userId,
    mentor_id: a.mentorId,
    hr_id: a.hrId,
    chief_id: a.chiefId,
    start_date: a.startDate,
    state: a.state as 'active' | 'finished' | 'passed',
    done: a.done,
    total: a.total,
    finished_at: iso(a.finishedAt),
    passed_at: iso(a.passedAt),
    created_at: a.createdAt.toISOString(),
  };
}

/** An adaptation with its stages and each step's progress, only the steps of `scenario` when given. */
export function adaptationFullOut(
  a: AdaptationWithCounts,
  stageRows: StageRow[],
  stepRows: StepRow[],
  prog: ProgressRow[],
  myRoles: AdaptRole[],
  scenario?: AdaptRole,
) {
  const byStep = new Map(prog.map((p) => [p.stepId, p]));
  const order = new Map(stageRows.map((s) => [s.id, s.ord]));
  const list = stepRows
    .filter((s) => byStep.has(s.id) && (!scenario || s.scenario === scenario))
    .sort((x, y) => (order.get(x.stageId) ?? 0) - (order.get(y.stageId) ?? 0) || x.ord - y.ord)
    .map((s) => {
      const p = byStep.get(s.id)!;
      return {
        ...stepOut(s),
        status: p.status as 'pending' | 'open' | 'done',
        opens_on: typeof p.opensOn === 'string' ? p.opensOn.slice(0, 10) : addDays(a.startDate, s.days),
        opened_at: iso(p.openedAt),
        finished_at: iso(p.finishedAt),
        finished_by: p.finishedBy,
      };
    });
  return { ...adaptationOut(a), stages: stageRows.map(stageOut), steps: list, my_roles: myRoles };
}
