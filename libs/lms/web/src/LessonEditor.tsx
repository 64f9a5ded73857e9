import { useState, type ChangeEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { z } from '@intranet/platform-contracts';
import { lessonFields } from '@intranet/lms-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { isApiError } from '@intranet/web-api';
import { errorText } from '@intranet/web-i18n';
import { Button, ConfirmDialog, ErrorState, Loader, ProgressBar, useNotifier } from '@intranet/web-ui';
import { uploadFile } from './api/file-upload.ts';
import { lmsKeys } from './api/keys.ts';
import { createLesson } from './api/lesson-create.ts';
import { deleteLesson } from './api/lesson-delete.ts';
import { useLesson } from './api/lesson-get.ts';
import { updateLesson } from './api/lesson-update.ts';
import { lmsText } from './locales.ts';
import { RichText } from './RichText.tsx';

// The form edits the video links as one text, a link per line; the contract's `videos` checks each URL.
const schema = z.object({ title: lessonFields.title, content: lessonFields.content, videos: z.string().max(20_000).default('') });
type Values = z.input<typeof schema>;
type LessonFile = z.output<typeof lessonFields.files>[number];

/**
 * /courses/{id}/lessons/new and /courses/{id}/lessons/{lessonId} (§2, LMS administrators): title, rich text (the
 * server sanitises it), attached files (uploaded first, kind file), video links; delete after a confirmation. Test ids:
 * lms-lesson-title, lms-lesson-text, lms-lesson-file-input, lms-lesson-videos, lms-lesson-save, lms-lesson-delete.
 */
export function LessonEditor() {
  const { id = '', lessonId } = useParams();
  const lesson = useLesson(lessonId ?? '', !!lessonId);
  if (lessonId && lesson.isPending) return <Loader />;
  if (lessonId && lesson.isError) return <ErrorState message={errorText(lesson.error)} onRetry={() => void lesson.refetch()} />;
  const l = lesson.data;
  return (
    <LessonForm
      courseId={id}
      lessonId={lessonId}
      initial={l ? { title: l.title, content: l.content, videos: l.videos.join('\n') } : undefined}
      initialFiles={l?.files ?? []}
    />
  );
}

function LessonForm({
  courseId,
  lessonId,
  initial,
  initialFiles = [],
}: {
  courseId: string;
  lessonId?: string;
  initial?: Values;
  initialFiles?: LessonFile[];
}) {
  const { t } = lmsText.useT();
  const nav = useNavigate();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [ask, setAsk] = useState(false);
  // Attached files live beside the form (a list of uploads, not a field); the body takes them as they are.
  const [files, setFiles] = useState<LessonFile[]>(initialFiles);
  const [fileError, setFileError] = useState<string | null>(null);
  const back = () => {
    void qc.invalidateQueries({ queryKey: lmsKeys.all });
    void nav(`/courses/${courseId}`);
  };
  const form = useApiForm({
    schema,
    defaultValues: initial ?? { title: '', content: '', videos: '' },
    serverField: (f) => (f.startsWith('videos') ? 'videos' : ['title', 'content'].includes(f) ? f : null),
    onSubmit: async (v) => {
      const body = {
        title: v.title,
        content: v.content,
        // New uploads by their storage keys, kept ones by their signed URLs: the server stores the keys, checking
        // each is an upload of the client.
        files,
        videos: v.videos
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean),
      };
      if (lessonId) await updateLesson(lessonId, body);
      else await createLesson({ ...body, course_id: courseId });
      back();
    },
  });
  const [uploading, setUploading] = useState<number | null>(null);
  const attach = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setFileError(null);
    setUploading(0);
    try {
      const f = await uploadFile(file, 'file', (p) => setUploading(p.percent));
      setFiles((xs) => [...xs, { src: f.key, fileName: f.fileName }]);
    } catch (err) {
      setFileError(errorText((isApiError(err) && err.fields[0]) || err));
    } finally {
      setUploading(null);
    }
  };
  const remove = async () => {
    try {
      await deleteLesson(lessonId!);
      back();
    } catch (e) {
      setAsk(false);
      notifier.toast(errorText(e), 'error');
    }
  };
  return (
    <section className="page" data-testid="lms-lesson-editor">
      <Link to={`/courses/${courseId}`}>{t('backToCourse')}</Link>
      <h1>{lessonId ? t('editLesson') : t('addLesson')}</h1>
      <ApiFormView form={form} className="lms-form">
        <FormField form={form} name="title" id="lms-lesson-title" label={t('lessonTitle')} maxLength={200} required />
        <RichText
          label={t('lessonText')}
          value={form.getValues('content') ?? ''}
          onChange={(html) => form.setValue('content', html)}
          testId="lms-lesson-text"
        />
        {form.errorOf('content') && <p role="alert">{form.errorOf('content')}</p>}
        <div className="ui-field">
          <span className="ui-field__label">{t('files')}</span>
          <ul>
            {files.map((f, i) => (
              <li key={f.src}>
                {f.fileName}{' '}
                <Button size="tiny" variant="ghost" onClick={() => setFiles(files.filter((_, j) => j !== i))}>
                  {t('removeFile')}
                </Button>
              </li>
            ))}
          </ul>
          <label className="ui-btn ui-btn--small ui-btn--secondary">
            {t('attachFile')}
            <input type="file" hidden onChange={(e) => void attach(e)} data-testid="lms-lesson-file-input" />
          </label>
          {uploading !== null && <ProgressBar value={uploading} />}
          {fileError && <p role="alert">{fileError}</p>}
        </div>
        <FormField form={form} name="videos" id="lms-lesson-videos" label={t('videos')} hint={t('videosHint')} rows={3} />
        <SubmitRow form={form} label={t('save')} testId="lms-lesson-save">
          {lessonId && (
            <Button variant="danger" onClick={() => setAsk(true)} data-testid="lms-lesson-delete">
              {t('delete')}
            </Button>
          )}
        </SubmitRow>
      </ApiFormView>
      <ConfirmDialog
        open={ask}
        title={t('delete')}
        message={t('deleteLessonConfirm', { name: initial?.title ?? '' })}
        confirmLabel={t('delete')}
        danger
        onConfirm={remove}
        onCancel={() => setAsk(false)}
        testId="lms-confirm"
      />
    </section>
  );
}
