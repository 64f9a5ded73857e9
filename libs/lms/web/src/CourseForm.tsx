import { useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { z } from '@intranet/platform-contracts';
import { courseFields, type Course } from '@intranet/lms-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { isApiError } from '@intranet/web-api';
import { errorText } from '@intranet/web-i18n';
import { Button, Checkbox, ProgressBar, useNotifier } from '@intranet/web-ui';
import { createCourse } from './api/course-create.ts';
import { useUpdateCourse } from './api/course-update.ts';
import { uploadFile } from './api/file-upload.ts';
import { lmsText } from './locales.ts';

const schema = z.object(courseFields);

/**
 * Course settings (§3 Course: title, short description, public) for /courses/new and the course's settings; a new
 * course opens its page once created. The cover is uploaded first (kind cover: the gateway refuses any size but 3420 px
 * wide and ≥ 250 px high, §5, §9; its worded error shows under the field). Test ids: lms-course-title, lms-course-short,
 * lms-course-cover-input, lms-course-cover-error, lms-course-public, lms-course-save.
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
  const [progress, setProgress] = useState<number | null>(null);
  const cover = form.watch('cover');
  const onCover = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    form.clearErrors('cover');
    setProgress(0);
    try {
      const f = await uploadFile(file, 'cover', (p) => setProgress(p.percent));
      form.setValue('cover', f.url, { shouldDirty: true });
    } catch (err) {
      // The gateway names the refusal on the file field (wrongImageSize): word that, not the generic validation line.
      form.setError('cover', { type: 'server', message: errorText((isApiError(err) && err.fields[0]) || err) });
    } finally {
      setProgress(null);
    }
  };
  return (
    <ApiFormView form={form} className="lms-form" data-testid="lms-course-form">
      <FormField form={form} name="title" id="lms-course-title" label={t('courseTitle')} maxLength={200} required />
      <FormField form={form} name="short_description" id="lms-course-short" label={t('shortDescription')} rows={3} />
      <div className="ui-field">
        <span className="ui-field__label">{t('cover')}</span>
        {cover ? <img src={cover} alt={t('cover')} className="lms-cover" /> : null}
        <label className="ui-btn ui-btn--small ui-btn--secondary">
          {t('chooseCover')}
          <input type="file" accept="image/png,image/jpeg" hidden onChange={(e) => void onCover(e)} data-testid="lms-course-cover-input" />
        </label>
        {cover ? (
          <Button size="tiny" variant="ghost" onClick={() => form.setValue('cover', null, { shouldDirty: true })}>
            {t('removeCover')}
          </Button>
        ) : null}
        {progress !== null && <ProgressBar value={progress} />}
        <span className="ui-field__hint">{t('coverHint')}</span>
        {form.errorOf('cover') ? (
          <div className="ui-field__error" role="alert" data-testid="lms-course-cover-error">
            {form.errorOf('cover')}
          </div>
        ) : null}
      </div>
      <Checkbox label={t('public')} {...form.register('public')} data-testid="lms-course-public" />
      <SubmitRow form={form} label={course ? t('save') : t('create')} testId="lms-course-save" />
    </ApiFormView>
  );
}
