import { Link } from 'react-router';
import { CourseForm } from './CourseForm.tsx';
import { lmsText } from './locales.ts';

/** /courses/new (§2, LMS administrators): a draft course; its page opens once created. Test id: lms-new-course. */
export function NewCoursePage() {
  const { t } = lmsText.useT();
  return (
    <section className="page" data-testid="lms-new-course">
      <Link to="/courses">{t('back')}</Link>
      <h1>{t('newCourse')}</h1>
      <CourseForm />
    </section>
  );
}
