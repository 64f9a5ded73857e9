import { PRIORITIES, type Board } from '@intranet/tasks-contract';
import { Select } from '@intranet/web-ui';
import type { Filters } from './board-view.ts';
import { tasksText } from './locales.ts';

/** The board's filters: performer (or co-performer), tag, priority, deadline (overdue, within a week, none). */
export function DeskFilters({ board, names, value, onChange }: { board: Board; names: Map<string, string>; value: Filters; onChange: (f: Filters) => void }) {
  const { t } = tasksText.useT();
  const tags = [...new Set(board.tasks.flatMap((x) => x.tags))].sort();
  const performers = [...new Set(board.tasks.flatMap((x) => [x.performer, ...x.co_performers]).filter((x): x is string => !!x))];
  return (
    <div className="tt-filters" role="group" aria-label={t('filters')} data-testid="desk-filters">
      <Select
        label={t('performer')}
        value={value.performer}
        onChange={(e) => onChange({ ...value, performer: e.target.value })}
        options={[{ value: '', label: t('any') }, ...performers.map((p) => ({ value: p, label: names.get(p) ?? p }))]}
      />
      <Select
        label={t('tag')}
        value={value.tag}
        onChange={(e) => onChange({ ...value, tag: e.target.value })}
        options={[{ value: '', label: t('any') }, ...tags.map((x) => ({ value: x, label: x }))]}
      />
      <Select
        label={t('priority')}
        value={value.priority}
        onChange={(e) => onChange({ ...value, priority: e.target.value })}
        options={[{ value: '', label: t('any') }, ...PRIORITIES.map((p) => ({ value: p, label: t(`prio.${p}`) }))]}
      />
      <Select
        label={t('deadline')}
        value={value.deadline}
        onChange={(e) => onChange({ ...value, deadline: e.target.value as Filters['deadline'] })}
        options={[
          { value: '', label: t('any') },
          { value: 'overdue', label: t('overdue') },
          { value: 'week', label: t('dueWeek') },
          { value: 'none', label: t('noDeadline') },
        ]}
        data-testid="filter-deadline"
      />
    </div>
  );
}
