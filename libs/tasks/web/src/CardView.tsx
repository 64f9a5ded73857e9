import type { Card as TaskCard } from '@intranet/tasks-contract';
import { Badge } from '@intranet/web-ui';
import { useFormatDate } from './common.tsx';
import { tasksText } from './locales.ts';

/** What a card shows: name, priority, type, tags, performer, checklist and attachment counts, deadline (late in red). */
export function CardView({ task, names }: { task: TaskCard; names: Map<string, string> }) {
  const { t } = tasksText.useT();
  const fmt = useFormatDate();
  return (
    <article
      className={`tt-card tt-card--${task.priority}${task.overdue ? ' tt-card--overdue' : ''}`}
      style={{ background: task.color ?? undefined, borderColor: task.border ?? undefined }}
    >
      <strong className="tt-card__name">{task.name}</strong>
      <div className="tt-card__meta">
        {task.priority !== 'normal' ? <Badge tone={task.priority === 'low' ? undefined : 'danger'}>{t(`prio.${task.priority}`)}</Badge> : null}
        {task.type !== 'open' ? <Badge>{t(`type.${task.type}`)}</Badge> : null}
        {task.tags.map((x) => (
          <span key={x} className="tt-tag">
            #{x}
          </span>
        ))}
      </div>
      <div className="tt-card__meta tt-muted">
        {task.performer ? <span>{names.get(task.performer)}</span> : null}
        {task.checklist_total ? <span>{t('checklistDone', { done: task.checklist_done, count: task.checklist_total })}</span> : null}
        {task.attachments_count ? <span>{t('attachmentsCount', { count: task.attachments_count })}</span> : null}
        {task.deadline ? (
          <span className={task.overdue ? 'tt-deadline--late' : undefined} data-testid={task.overdue ? 'card-overdue' : undefined}>
            {task.overdue ? `${t('overdue')}: ` : ''}
            {fmt(task.deadline)}
          </span>
        ) : null}
      </div>
    </article>
  );
}
