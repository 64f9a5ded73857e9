import { Link } from 'react-router';
import { errorText } from '@intranet/web-i18n';
import { Button, EmptyState, ErrorState, Loader, useNotifier } from '@intranet/web-ui';
import { useFinishIdpTask } from './api/idp-finish-task.ts';
import { useIdps } from './api/idp-list.ts';
import { lmsText } from './locales.ts';

/**
 * /idp (§2 development plans): the plans the user sees with their tasks (done ones marked; the others can be
 * finished) and status, each opening its plan; a link to /idp/new. Test ids: lms-idp, lms-idp-<id>, lms-task-<id>,
 * lms-idp-new-link.
 */
export function IdpPage() {
  const { t } = lmsText.useT();
  const notifier = useNotifier();
  const list = useIdps();
  const finish = useFinishIdpTask();
  return (
    <section className="page" data-testid="lms-idp">
      <h1>{t('idpTitle')}</h1>
      <Link className="ui-btn ui-btn--small" to="/idp/new" data-testid="lms-idp-new-link">
        {t('idpNew')}
      </Link>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('idpEmpty')} />
      ) : (
        <ul>
          {list.data.items.map((p) => (
            <li key={p._id} data-testid={`lms-idp-${p._id}`}>
              <h2>
                <Link to={`/idp/${p._id}`}>{p.title}</Link>
              </h2>
              <span>{t(`idp_${p.status}`)}</span>
              <p>{p.message}</p>
              <p>{t('tasksDone', { done: p.tasks.filter((x) => x.done).length, total: p.tasks.length })}</p>
              <ul>
                {p.tasks.map((task) => (
                  <li key={task._id}>
                    {task.title} {task.deadline ?? ''}{' '}
                    {task.done ? (
                      <span>{t('done')}</span>
                    ) : (
                      <Button
                        size="small"
                        onClick={() => finish.mutate({ idpId: p._id, taskId: task._id }, { onError: (e) => notifier.toast(errorText(e), 'error') })}
                        data-testid={`lms-task-${task._id}`}
                      >
                        {t('done')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
