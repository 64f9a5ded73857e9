import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Attempt } from '@intranet/lms-contract';
import { errorText } from '@intranet/web-i18n';
import { Button, ErrorState, Loader } from '@intranet/web-ui';
import { useCurrentUser } from '@intranet/web-session';
import { useCourse } from './api/course-get.ts';
import { useUpdateCourse } from './api/course-update.ts';
import { useLessons } from './api/lesson-list.ts';
import { useProgress } from './api/progress-get.ts';
import { useLearnLesson } from './api/progress-learn.ts';
import { useTests } from './api/test-list.ts';
import { startTest } from './api/test-start.ts';
import { lmsText } from './locales.ts';
import { TestRunner } from './TestRunner.tsx';

/**
 * /courses/{id} (§2, tab content): the course, its lessons in order (rich text as the server sanitised it) with
 * "mark as learned", its tests with a timed runner, the learner's progress; LMS administrators publish it.
 * Test ids: lms-course, lms-publish, lms-lesson-<i>, lms-learn-<i>, lms-start-<i>, lms-progress.
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
  const publish = useUpdateCourse(id);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (course.isPending) return <Loader />;
  if (course.isError) return <ErrorState message={errorText(course.error)} onRetry={() => void course.refetch()} />;
  const c = course.data;
  const begin = async (testId: string) => {
    setError(null);
    try {
      setAttempt(await startTest(c._id, testId, me?._id ?? ''));
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <section className="page" data-testid="lms-course">
      <Link to="/courses">{t('back')}</Link>
      <h1>{c.title}</h1>
      <p>{c.short_description}</p>
      {c.can_manage && c.status !== 'published' && (
        <Button onClick={() => publish.mutate({ status: 'published' })} data-testid="lms-publish">
          {t('publish')}
        </Button>
      )}
      {progress.data && <p data-testid="lms-progress">{t('progress', { percent: progress.data.percent })}</p>}
      <h2>{t('lessons')}</h2>
      {lessons.isPending ? (
        <Loader />
      ) : lessons.isError ? (
        <ErrorState message={errorText(lessons.error)} onRetry={() => void lessons.refetch()} />
      ) : (
        <ol>
          {lessons.data.items.map((l, i) => (
            <li key={l._id} data-testid={`lms-lesson-${i}`}>
              <h3>{l.title}</h3>
              <div dangerouslySetInnerHTML={{ __html: l.content }} />
              {l.videos.map((v) => (
                <a key={v} href={v} target="_blank" rel="noopener noreferrer">
                  {v}
                </a>
              ))}
              {l.learned ? (
                <span>{t('learned')}</span>
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
      {tests.data?.items.map((x, i) => (
        <div key={x._id}>
          <h3>{x.title}</h3>
          {attempt?.test_id !== x._id && (
            <Button onClick={() => void begin(x._id)} data-testid={`lms-start-${i}`}>
              {t('startTest')}
            </Button>
          )}
        </div>
      ))}
      {error && <p role="alert">{error}</p>}
      {attempt && <TestRunner key={attempt._id} attempt={attempt} onDone={() => void progress.refetch()} />}
    </section>
  );
}
