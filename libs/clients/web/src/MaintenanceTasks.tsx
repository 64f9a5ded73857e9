import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clientsText } from './locales.ts';
import { lifeJobRoutes, MAINTENANCE_TASKS } from '@intranet/clients-contract';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Button } from '@intranet/web-ui';
import { clientKeys } from './api/keys.ts';
import { runMaintenance } from './api/maintenance-run.ts';

type Task = (typeof MAINTENANCE_TASKS)[number];

/**
 * The maintenance tasks of a workspace (issue 36, §7 POST api/clients/{client}/maintenance/{task}; superadmin): a
 * button per task of the contract and the figures of the last run (before → after). Test ids: maintenance-tasks,
 * task-<task>, task-result.
 */
export function MaintenanceTasks({ id }: { id: string }) {
  const { t } = clientsText.useT();
  const qc = useQueryClient();
  const [last, setLast] = useState<{ task: Task; result: Record<string, number> } | null>(null);
  const form = useApiForm({
    schema: lifeJobRoutes.maintenanceRun.params,
    defaultValues: { client: id, task: MAINTENANCE_TASKS[0] },
    onSubmit: async (params) => {
      setLast(await runMaintenance(params.client, params.task));
      void qc.invalidateQueries({ queryKey: clientKeys.stat(id) });
    },
  });
  const run = (task: Task) => {
    form.reset({ client: id, task });
    void form.submit();
  };
  return (
    <ApiFormView form={form} className="ui-card" data-testid="maintenance-tasks" errorTestId="maintenance-tasks-error">
      <h3 className="clients-subtitle">{t('tasks.title')}</h3>
      <div className="ui-toolbar">
        {MAINTENANCE_TASKS.map((task) => (
          <Button
            key={task}
            variant="secondary"
            loading={form.busy && form.getValues('task') === task}
            disabled={form.busy}
            onClick={() => run(task)}
            data-testid={`task-${task}`}
          >
            {t(`tasks.${task}`)}
          </Button>
        ))}
      </div>
      {last ? (
        <p data-testid="task-result">
          {'before' in last.result
            ? t('tasks.result', { task: t(`tasks.${last.task}`), before: last.result.before ?? 0, after: last.result.after ?? 0 })
            : t('tasks.figures', {
                task: t(`tasks.${last.task}`),
                figures: Object.entries(last.result)
                  .map(([k, n]) => t(`tasks.figure.${k}`, { n, defaultValue: `${k}: ${n}` }))
                  .join(', '),
              })}
        </p>
      ) : null}
    </ApiFormView>
  );
}
