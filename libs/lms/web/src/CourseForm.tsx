import { useNavigate } from 'react-router';
import { z } from '@intranet/platform-contracts';
import { courseFields, type Course } from '@intranet/lms-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { Checkbox, useNotifier } from '@intranet/web-ui';
import { createCourse } from './api/course-create.ts';
import { useUpdateCourse } from './api/course-update.ts';
import { lmsText } from './locales.ts';

const schema = z.object(courseFields);

/**
 * Course settings (§3 Course: title, short description, public) for /courses/new and the course's settings; a new
 * course opens its page once created. Test ids: lms-course-title, lms-course-short, lms-course-public, lms-course-save.
 */
export function CourseForm({ course }: { course?: Course }) {
  const { t } = lmsText.useT();
  const nav = useNavigate();
  const notifier = useNotifier();
  const update = useUpdateCourse(course?._id ?? '');
  const form = useApiForm({
    schema,
    defaultValues: {
      title: course?.title ?? '',
      short_description: course?.short_description ?? '',
      cover: course?.cover ?? null,
      public: course?.public ?? false,
    },
    onSubmit: async (v) => {
      if (course) {
        await update.mutateAsync(v);
        notifier.toast(t('saved'), 'success');
      } else {
        const c = await createCourse(v);
        void nav(`/courses/${c._id}`);
      }
    },
  });
  return (
    <ApiFormView form={form} className="lms-form" data-testid="lms-course-form">
      <FormField form={form} name="title" id="lms-course-title" label={t('courseTitle')} maxLength={200} required />
      <FormField form={form} name="short_description" id="lms-course-short" label={t('shortDescription')} rows={3} />
      <Checkbox label={t('public')} {...form.register('public')} data-testid="lms-course-public" />
      <SubmitRow form={form} label={course ? t('save') : t('create')} testId="lms-course-save" />
    </ApiFormView>
  );
}
