import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Attempt } from '@intranet/lms-contract';
import { errorText } from '@intranet/web-i18n';
import { Badge, Button, EmptyState, ErrorState, Loader } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { useCurrentUser } from '@intranet/web-session';
import { useCourse } from './api/course-get.ts';
import { useLessons } from './api/lesson-list.ts';
import { useProgress } from './api/progress-get.ts';
import { useLearnLesson } from './api/progress-learn.ts';
import { useTests } from './api/test-list.ts';
import { startTest } from './api/test-start.ts';
import { CourseActions } from './CourseActions.tsx';
import { CourseForm } from './CourseForm.tsx';
import { lmsText } from './locales.ts';
import { Participants } from './Participants.tsx';
import { TestRunner } from './TestRunner.tsx';

/**
 * /courses/{id} (§2, tabs content and participants; LMS administrators also settings): the course, its lessons in
 * order (rich text as the server sanitised it) with "mark as learned", its tests with a timed runner, the learner's
 * progress; LMS administrators edit, appoint, publish and archive it. Test ids: lms-course, lms-lesson-<i>,
 * lms-learn-<i>, lms-start-<i>, lms-progress, lms-add-lesson, lms-add-test, lms-edit-lesson-<i>, lms-edit-test-<i>.
 */
export function CoursePage() {
  const { id = '' } = useParams();
  const { t } = lmsText.useT();
  const me = useCurrentUser();
  const course = useCourse(id);
  const lessons = useLessons(id);
  const tests = useTests(id);
  const progress = useProgress(id, me?._id ?? '');
  const learn = useLearnLesson(id);
  const [tab, setTab] = useState('content');
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [error, setError] = useState<string | null>(null);
  const c0 = course.data;
  // Learning controls for who learns it: every viewer of a published course but its managers, unless appointed too.
  const learner = !!c0 && c0.status === 'published' && (!c0.can_manage || c0.members.users.includes(me?._id ?? ''));
  // The timer survives a reload: the running test is remembered per course and resumed (startTest returns the
  // running attempt as it is, with its server deadline).
  const runningKey = `lms-attempt:${id}`;
  const begin = async (testId: string) => {
    setError(null);
    try {
      const a = await startTest(id, testId, me?._id ?? '');
      if (a.finished) localStorage.removeItem(runningKey);
      else localStorage.setItem(runningKey, testId);
      setAttempt(a);
    } catch (e) {
      localStorage.removeItem(runningKey);
      setError(errorText(e));
    }
  };
  const saved = learner ? localStorage.getItem(runningKey) : null;
  useEffect(() => {
    if (saved && !attempt) void begin(saved);
    // Once per remembered test: `begin` and `attempt` are new on every render.
  }, [saved]);
  if (course.isPending) return <Loader />;
  if (course.isError) return <ErrorState message={errorText(course.error)} onRetry={() => void course.refetch()} />;
  const c = course.data;
  const content = (
    <div className="lms-content">
      {progress.data && learner && <p data-testid="lms-progress">{t('progress', { percent: progress.data.percent })}</p>}
      <h2>{t('lessons')}</h2>
      {c.can_manage && (
        <Link className="ui-btn ui-btn--small ui-btn--secondary" to={`/courses/${c._id}/lessons/new`} data-testid="lms-add-lesson">
          {t('addLesson')}
        </Link>
      )}
      {lessons.isPending ? (
        <Loader />
      ) : lessons.isError ? (
        <ErrorState message={errorText(lessons.error)} onRetry={() => void lessons.refetch()} />
      ) : lessons.data.items.length === 0 ? (
        <EmptyState title={t('noLessons')} />
      ) : (
        <ol>
          {lessons.data.items.map((l, i) => (
            <li key={l._id} data-testid={`lms-lesson-${i}`}>
              <h3>{l.title}</h3>
              {c.can_manage && (
                <Link to={`/courses/${c._id}/lessons/${l._id}`} data-testid={`lms-edit-lesson-${i}`}>
                  {t('edit')}
                </Link>
              )}
              <div className="lms-lesson-text" dangerouslySetInnerHTML={{ __html: l.content }} />
              {l.files.map((f) => (
                <a key={f.src} href={f.src} target="_blank" rel="noopener noreferrer" download={f.fileName}>
                  {f.fileName}
                </a>
              ))}
              {l.videos.map((v) => (
                <a key={v} href={v} target="_blank" rel="noopener noreferrer">
                  {v}
                </a>
              ))}
              {!learner ? null : l.learned ? (
                <Badge>{t('learned')}</Badge>
              ) : (
                <Button size="small" onClick={() => learn.mutate(l._id, { onError: (e) => setError(errorText(e)) })} data-testid={`lms-learn-${i}`}>
                  {t('learn')}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
      <h2>{t('tests')}</h2>
      {c.can_manage && (
        <Link className="ui-btn ui-btn--small ui-btn--secondary" to={`/courses/${c._id}/tests/new`} data-testid="lms-add-test">
          {t('addTest')}
        </Link>
      )}
      {tests.isError && <ErrorState message={errorText(tests.error)} onRetry={() => void tests.refetch()} />}
      {tests.data?.items.length === 0 && <EmptyState title={t('noTests')} />}
      {tests.data?.items.map((x, i) => (
        <div key={x._id}>
          <h3>{x.title}</h3>
          {c.can_manage && (
            <Link to={`/courses/${c._id}/tests/${x._id}`} data-testid={`lms-edit-test-${i}`}>
              {t('edit')}
            </Link>
          )}
          {learner && attempt?.test_id !== x._id && (
            <Button onClick={() => void begin(x._id)} data-testid={`lms-start-${i}`}>
              {t('startTest')}
            </Button>
          )}
        </div>
      ))}
      {error && <p role="alert">{error}</p>}
      {attempt && (
        <TestRunner
          key={attempt._id}
          attempt={attempt}
          onDone={() => {
            localStorage.removeItem(runningKey);
            void progress.refetch();
            void course.refetch();
          }}
        />
      )}
    </div>
  );
  const tabs = [
    { id: 'content', label: t('tabContent') },
    ...(c.can_manage
      ? [
          { id: 'participants', label: t('tabParticipants') },
          { id: 'settings', label: t('tabSettings') },
        ]
      : []),
  ];
  return (
    <section className="page" data-testid="lms-course" data-status={c.status}>
      <Link to="/courses">{t('back')}</Link>
      {c.cover && <img className="lms-cover" src={c.cover} alt="" />}
      <h1>{c.title}</h1>
      <p>{c.short_description}</p>
      {c.can_manage && <Badge>{t(`status_${c.status}`)}</Badge>}
      {c.can_manage && <CourseActions course={c} />}
      {tabs.length > 1 ? (
        <Tabs label={t('course')} active={tab} onChange={setTab} tabs={tabs}>
          {tab === 'participants' ? <Participants courseId={c._id} /> : tab === 'settings' ? <CourseForm course={c} /> : content}
        </Tabs>
      ) : (
        content
      )}
    </section>
  );
}
