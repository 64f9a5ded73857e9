import { useState } from 'react';
import { Link } from 'react-router';
import { addUserBody, type Adaptation, type Track } from '@intranet/adaptation-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText, useFormatDate } from '@intranet/web-i18n';
import { LoadError } from '@intranet/web-session';
import { useUserNames } from '@intranet/web-session/people';
import { Badge, Button, ConfirmDialog, EmptyState, Loader, Pagination, ProgressBar, Table, useNotifier } from '@intranet/web-ui';
import { useRemoveAdaptation } from './api/adaptation-remove.ts';
import { MEMBERS_PER_PAGE, useTrackMembers } from './api/track-members.ts';
import { useAddUser } from './api/user-add.ts';
import { adaptationText } from './locales.ts';
import { percentOf } from './MyAdaptations.tsx';
import { PeoplePicker } from './PeoplePicker.tsx';

/** Today in the browser's calendar as YYYY-MM-DD (the add form's default start date). */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Track tab "participants" (§2): the add-newcomer form — searchable people pickers for the newcomer, mentor, HR and
 * chief, and the start date; §5 errors (employee and mentor required, not added twice, mentor/HR differ from the
 * newcomer) under their field — and the adaptations on the track with their progress, a link to each one's journey
 * and removal after a confirmation. Test ids: adapt-add-user, adapt-add-mentor, adapt-add-hr, adapt-add-chief (the
 * pickers: <id>-search, <id>-option-<user_id>; errors <id>-error), adapt-add-start, adapt-add-submit, adapt-add-error,
 * adapt-members, adapt-member-<user_id>, adapt-member-open-<id>, adapt-member-remove-<id>.
 */
export function ParticipantsTab({ track }: { track: Track }) {
  const { t } = adaptationText.useT();
  const notifier = useNotifier();
  const fmt = useFormatDate();
  const add = useAddUser();
  const remove = useRemoveAdaptation();
  const [page, setPage] = useState(1);
  const members = useTrackMembers(track._id, page);
  const [removing, setRemoving] = useState<Adaptation | null>(null);
  const blank = { track_id: track._id, user_id: '', mentor_id: '', hr_id: null, chief_id: null, start_date: today() };
  const form = useApiForm({
    schema: addUserBody,
    defaultValues: blank,
    onSubmit: async (v) => {
      await add.mutateAsync(v);
      notifier.toast(t('participants.added'), 'success');
      form.reset(blank);
    },
  });
  const [userId, mentorId, hrId, chiefId] = form.watch(['user_id', 'mentor_id', 'hr_id', 'chief_id']);
  const rows = members.data?.items ?? [];
  const names = useUserNames(rows.flatMap((a) => [a.user_id, a.mentor_id]));
  const pick = (name: 'user_id' | 'mentor_id' | 'hr_id' | 'chief_id', required: boolean) => (ids: string[]) =>
    form.setValue(name, ids[0] ?? (required ? '' : null), { shouldValidate: form.formState.isSubmitted });
  return (
    <div className="adapt-tab">
      <h2>{t('participants.add')}</h2>
      <ApiFormView form={form} errorTestId="adapt-add-error" className="adapt-add-form">
        <PeoplePicker
          value={userId ? [userId] : []}
          onChange={pick('user_id', true)}
          label={t('participants.newcomer')}
          testId="adapt-add-user"
          error={form.errorOf('user_id')}
        />
        <PeoplePicker
          value={mentorId ? [mentorId] : []}
          onChange={pick('mentor_id', true)}
          label={t('participants.mentor')}
          testId="adapt-add-mentor"
          error={form.errorOf('mentor_id')}
        />
        <PeoplePicker
          value={hrId ? [hrId] : []}
          onChange={pick('hr_id', false)}
          label={t('participants.hr')}
          testId="adapt-add-hr"
          error={form.errorOf('hr_id')}
        />
        <PeoplePicker
          value={chiefId ? [chiefId] : []}
          onChange={pick('chief_id', false)}
          label={t('participants.chief')}
          testId="adapt-add-chief"
          error={form.errorOf('chief_id')}
        />
        <FormField form={form} name="start_date" id="adapt-add-start" label={t('participants.start')} type="date" required />
        <SubmitRow form={form} label={t('participants.submit')} testId="adapt-add-submit" />
      </ApiFormView>
      <h2>{t('participants.title')}</h2>
      {members.isPending ? (
        <Loader />
      ) : members.isError ? (
        <LoadError error={members.error} onRetry={() => void members.refetch()} testId="adapt-members" />
      ) : rows.length === 0 ? (
        <EmptyState title={t('participants.empty')} testId="adapt-members-empty" />
      ) : (
        <>
          <Table<Adaptation>
            caption={t('participants.title')}
            testId="adapt-members"
            rows={rows}
            rowKey={(r) => r._id}
            rowTestId={(r) => `adapt-member-${r.user_id}`}
            columns={[
              { key: 'user', header: t('participants.newcomer'), render: (r) => names.get(r.user_id) ?? '…' },
              { key: 'mentor', header: t('participants.mentor'), render: (r) => names.get(r.mentor_id) ?? '…' },
              { key: 'start', header: t('participants.start'), render: (r) => fmt(r.start_date) },
              {
                key: 'progress',
                header: t('participants.progress'),
                render: (r) => (
                  <ProgressBar
                    value={percentOf(r.done, r.total)}
                    label={t('progress', { done: r.done, total: r.total })}
                    name={t('progressOf', { name: names.get(r.user_id) ?? '…' })}
                    testId={`adapt-member-progress-${r._id}`}
                  />
                ),
              },
              {
                key: 'state',
                header: t('tracks.state'),
                render: (r) => <Badge tone={r.state === 'active' ? 'primary' : 'success'}>{t(`adaptState.${r.state}`)}</Badge>,
              },
              {
                key: 'actions',
                header: t('tracks.actions'),
                render: (r) => (
                  <span className="adapt-actions">
                    <Link className="ui-btn ui-btn--small ui-btn--secondary" to={`/adaptation/user/${r._id}`} data-testid={`adapt-member-open-${r._id}`}>
                      {t('participants.open')}
                    </Link>
                    <Button size="small" variant="danger" onClick={() => setRemoving(r)} data-testid={`adapt-member-remove-${r._id}`}>
                      {t('participants.remove')}
                    </Button>
                  </span>
                ),
              },
            ]}
          />
          <Pagination page={page} pageSize={MEMBERS_PER_PAGE} total={members.data.total} onChange={setPage} testId="adapt-members-pages" />
        </>
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('participants.removeTitle')}
        message={t('participants.removeText', { name: removing ? (names.get(removing.user_id) ?? '…') : '' })}
        confirmLabel={t('participants.remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await remove.mutateAsync({ track: track._id, id: removing._id });
            setRemoving(null);
          } catch (e) {
            notifier.toast(errorText(e), 'error');
            throw e;
          }
        }}
        testId="adapt-member-remove-confirm"
      />
    </div>
  );
}
