import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Course } from '@intranet/lms-contract';
import { errorText } from '@intranet/web-i18n';
import { Button, ConfirmDialog, useNotifier } from '@intranet/web-ui';
import { deleteCourse } from './api/course-delete.ts';
import { useUpdateCourse } from './api/course-update.ts';
import { lmsText } from './locales.ts';

type Ask = 'publish' | 'archive' | 'delete' | null;

/**
 * Publish, archive or delete a course (§4 Course), each after a confirmation. Test ids: lms-publish, lms-archive,
 * lms-delete, lms-confirm (the dialog; its buttons confirm-ok / confirm-cancel).
 */
export function CourseActions({ course }: { course: Course }) {
  const { t } = lmsText.useT();
  const nav = useNavigate();
  const notifier = useNotifier();
  const update = useUpdateCourse(course._id);
  const [ask, setAsk] = useState<Ask>(null);
  const run = async () => {
    try {
      if (ask === 'delete') {
        await deleteCourse(course._id);
        void nav('/courses');
      } else if (ask) await update.mutateAsync({ status: ask === 'publish' ? 'published' : 'archived' });
      setAsk(null);
    } catch (e) {
      setAsk(null);
      notifier.toast(errorText(e), 'error');
    }
  };
  return (
    <div className="lms-actions">
      {course.status !== 'published' && course.status !== 'archived' && (
        <Button size="small" onClick={() => setAsk('publish')} data-testid="lms-publish">
          {t('publish')}
        </Button>
      )}
      {course.status !== 'archived' && (
        <Button size="small" variant="secondary" onClick={() => setAsk('archive')} data-testid="lms-archive">
          {t('archive')}
        </Button>
      )}
      <Button size="small" variant="danger" onClick={() => setAsk('delete')} data-testid="lms-delete">
        {t('delete')}
      </Button>
      <ConfirmDialog
        open={ask !== null}
        title={ask ? t(ask) : ''}
        message={
          ask === 'publish'
            ? t('publishConfirm', { name: course.title })
            : ask === 'archive'
              ? t('archiveConfirm', { name: course.title })
              : t('deleteConfirm', { name: course.title })
        }
        confirmLabel={ask ? t(ask) : ''}
        danger={ask === 'delete'}
        onConfirm={run}
        onCancel={() => setAsk(null)}
        testId="lms-confirm"
      />
    </div>
  );
}
