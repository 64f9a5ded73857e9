import type { Attempt, Course, Idp, Question } from '@intranet/lms-contract';
import type { FileSigner } from '@intranet/platform-storage';
import { attemptOver } from './access.ts';
import { signedLessonFiles } from './lesson-files.ts';
import type { AttemptRow, CourseRow, IdpRow, LessonRow, ProgressRow, StoredQuestion, TestRow } from './schema.ts';

/** Rows → the §7 Learning and IDP API shapes (pure; which marks a caller may see is decided by the caller's flags). */

type Status = 'not_started' | 'in_progress' | 'learned';

/** A course with its lesson and test outline, the caller's status and whether the caller manages it. */
export const courseOut = (c: CourseRow, ls: LessonRow[], ts: TestRow[], myStatus: Status | null, canManage: boolean): Course => ({
  _id: c.id,
  title: c.title,
  short_description: c.shortDescription,
  cover: c.cover,
  status: c.status as Course['status'],
  public: c.isPublic,
  members: { users: c.memberUsers, departments: c.memberDepartments },
  lessons: ls.filter((l) => l.courseId === c.id).map((l) => ({ _id: l.id, title: l.title, order: l.position })),
  tests: ts.filter((t) => t.courseId === c.id).map((t) => ({ _id: t.id, title: t.title, order: t.position })),
  created_by: c.createdBy,
  created_at: c.createdAt.toISOString(),
  my_status: myStatus,
  can_manage: canManage,
});

/** A lesson; its attachments' `src` signed download URLs (`sign`). */
export const lessonOut = (l: LessonRow, learned: boolean, sign: FileSigner) => ({
  _id: l.id,
  course_id: l.courseId,
  title: l.title,
  content: l.content,
  files: signedLessonFiles(l.files, sign),
  videos: l.videos,
  order: l.position,
  learned,
});

/** A question; the right marks only when `withRight`. */
export const questionOut = (q: StoredQuestion, withRight: boolean): Question => ({
  _id: q._id,
  text: q.text,
  kind: q.kind,
  answers: q.answers.map((a) => (withRight ? { _id: a._id, text: a.text, right: a.right } : { _id: a._id, text: a.text })),
});

export const testOut = (t: TestRow, withRight: boolean, passes: number) => ({
  _id: t.id,
  course_id: t.courseId,
  title: t.title,
  description: t.description,
  show_right_answer: t.showRightAnswer,
  show_final_score: t.showFinalScore,
  shuffle: t.shuffle,
  time_limit: t.timeLimit,
  retries: t.retries,
  order: t.position,
  questions: withRight ? t.questions.map((q) => questionOut(q, true)) : t.questions.map((q) => questionOut(q, false)),
  passes,
});

/**
 * An attempt as its learner sees it: questions in the attempt's order; the right marks only once it is over and the
 * test shows right answers; the score only once it is over and the test shows the final score.
 */
export const attemptOut = (t: TestRow, a: AttemptRow, now: Date, attemptsLeft: number): Attempt => {
  const over = attemptOver(a, now);
  const byId = new Map(t.questions.map((q) => [q._id, q]));
  const questions = a.order.flatMap(({ q, a: answerOrder }) => {
    const stored = byId.get(q);
    if (!stored) return [];
    const answers = answerOrder.map((id) => stored.answers.find((x) => x._id === id)).filter((x) => !!x);
    return [questionOut({ ...stored, answers }, over && t.showRightAnswer)];
  });
  return {
    _id: a.id,
    test_id: a.testId,
    course_id: a.courseId,
    user_id: a.userId,
    started_at: a.startedAt.toISOString(),
    deadline: a.deadline?.toISOString() ?? null,
    finished: over,
    answered: Object.keys(a.answers).filter((k) => byId.has(k)).length,
    total: t.questions.length,
    answers: a.answers,
    questions,
    score: over && t.showFinalScore ? a.score : null,
    attempts_left: attemptsLeft,
  };
};

/** A learner's progress in a course from its progress row and attempts (§4: not started, in progress, learned). */
export function progressOut(courseId: string, userId: string, ls: LessonRow[], ts: TestRow[], p: ProgressRow | undefined, as: AttemptRow[]) {
  const learned = (p?.lessonsLearned ?? []).filter((id) => ls.some((l) => l.id === id));
  const tests = ts.map((t) => {
    const mine = as.filter((a) => a.testId === t.id && a.userId === userId);
    const done = mine.filter((a) => a.finishedAt);
    const best = done.length ? Math.max(...done.map((a) => a.score ?? 0)) : null;
    return { test_id: t.id, title: t.title, passed: done.length > 0, score: best, attempts: mine.length };
  });
  const steps = ls.length + ts.length;
  const doneSteps = learned.length + tests.filter((t) => t.passed).length;
  const status: Status = p?.learnedAt ? 'learned' : doneSteps > 0 || tests.some((t) => t.attempts > 0) ? 'in_progress' : 'not_started';
  return {
    course_id: courseId,
    user_id: userId,
    status,
    lessons_learned: learned,
    tests,
    percent: p?.learnedAt ? 100 : steps ? Math.round((100 * doneSteps) / steps) : 0,
    learned_at: p?.learnedAt?.toISOString() ?? null,
  };
}

export const idpOut = (r: IdpRow): Idp => ({
  _id: r.id,
  title: r.title,
  message: r.message,
  creator: r.creator,
  employee: r.employee,
  observer: r.observer,
  status: r.status as Idp['status'],
  tasks: r.tasks,
  notes: r.notes,
  history: r.history,
  created_at: r.createdAt.toISOString(),
});
