import { calendarText } from './locales.ts';
import { DateTime } from 'luxon';
import { type Occurrence, type SeriesScope } from '@intranet/calendar-contract';
import { eventIcs } from './api/event-ics.ts';
import { useErrorText } from '@intranet/web-i18n';
import { useUserNames } from '@intranet/web-session/people';
import { Button, Modal, useNotifier } from '@intranet/web-ui';

/** "This one / this and following / all" for a change or deletion of a series occurrence. */
export function ScopeDialog({
  title,
  onChoose,
  onCancel,
  testId,
  danger,
  busy,
}: {
  title: string;
  onChoose: (s: SeriesScope) => unknown;
  onCancel: () => void;
  testId: string;
  danger?: boolean;
  busy?: boolean;
}) {
  const { t } = calendarText.useT();
  return (
    <Modal open title={t('scopeTitle')} onClose={onCancel} width={440} testId={testId} dismissible={!busy}>
      <p>{title}</p>
      <div className="cal-scope-buttons">
        {(['one', 'following', 'all'] as const).map((s) => (
          <Button key={s} variant={danger ? 'danger' : 'secondary'} onClick={() => onChoose(s)} disabled={busy} data-testid={`${testId}-${s}`}>
            {t(`scope.${s}`)}
          </Button>
        ))}
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </Button>
      </div>
    </Modal>
  );
}

/** One occurrence: when (in the user's locale), organiser, members, link, description; edit, .ics and delete. */
export function EventDetails({
  occ,
  canEdit,
  onClose,
  onEdit,
  onDelete,
}: {
  occ: Occurrence;
  canEdit: boolean;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = calendarText.useT();
  const names = useUserNames([occ.organiser, ...occ.members]);
  const notifier = useNotifier();
  const errorText = useErrorText();
  const lang = i18n.language === 'ua' ? 'uk' : i18n.language;
  const when = `${DateTime.fromISO(occ.start).setLocale(lang).toLocaleString(DateTime.DATETIME_MED)} – ${DateTime.fromISO(occ.end).setLocale(lang).toLocaleString(DateTime.TIME_SIMPLE)}`;
  const download = async () => {
    try {
      const text = await eventIcs(occ._id);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([String(text)], { type: 'text/calendar' }));
      a.download = `${occ.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'event'}.ics`;
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (e) {
      notifier.error(errorText(e));
    }
  };
  return (
    <Modal
      open
      title={occ.name}
      onClose={onClose}
      testId="event-details"
      footer={
        <div className="ui-form-actions">
          {canEdit ? (
            <Button onClick={onEdit} data-testid="event-edit">
              {t('edit')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={download} data-testid="event-ics">
            {t('download')}
          </Button>
          {canEdit ? (
            <Button variant="danger" onClick={onDelete} data-testid="event-delete">
              {t('delete')}
            </Button>
          ) : null}
        </div>
      }
    >
      <dl className="cal-details">
        <dt>{t('when')}</dt>
        <dd data-testid="event-when">{when}</dd>
        {occ.periodic && occ.repeat ? (
          <>
            <dt>{t('repeats')}</dt>
            <dd>
              {t(`period_${occ.repeat.period}`)}
              {occ.repeat.weekdays.length ? `: ${occ.repeat.weekdays.map((d) => t(`wd_${d}`)).join(', ')}` : ''}
              {occ.moved ? ` · ${t('moved')}` : ''}
            </dd>
          </>
        ) : null}
        <dt>{t('organiser')}</dt>
        <dd>{names.get(occ.organiser)}</dd>
        <dt>{t('members')}</dt>
        <dd>{occ.members.map((m) => names.get(m)).join(', ')}</dd>
        {occ.link ? (
          <>
            <dt>{t('link')}</dt>
            <dd>
              <a href={occ.link} target="_blank" rel="noreferrer noopener">
                {occ.link}
              </a>
            </dd>
          </>
        ) : null}
        {occ.description ? (
          <>
            <dt>{t('description')}</dt>
            <dd className="cal-pre">{occ.description}</dd>
          </>
        ) : null}
      </dl>
    </Modal>
  );
}
