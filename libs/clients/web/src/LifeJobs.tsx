import { clientsText } from './locales.ts';
import type { LifeJob } from '@intranet/clients-contract';
import { errorText, formatDateTime } from '@intranet/web-i18n';
import { ProgressBar } from '@intranet/web-ui';
import { useJobs } from './api/job-list.ts';

/** The share of a job done, in percent (a finished job is whole even when it had nothing to count). */
const percent = (j: LifeJob) => (j.status === 'done' ? 100 : j.total > 0 ? (100 * j.done) / j.total : 0);

/**
 * The workspace's long jobs (GET api/clients/{id}/jobs, polled while one runs): kind, status, a progress bar with
 * the phase and done of total, and when done the archive's download link or the new workspace; a failure worded.
 * Test ids: life-jobs, life-job-<kind> (data-status), job-progress-<id>, job-download, job-error.
 */
export function LifeJobs({ id }: { id: string }) {
  const { t, i18n } = clientsText.useT();
  const jobs = useJobs(id);
  if (!jobs.data?.length) return null;
  return (
    <div className="ui-card" data-testid="life-jobs">
      <h3 className="clients-subtitle">{t('life.jobs')}</h3>
      <ul className="clients-jobs">
        {jobs.data.map((j) => {
          const result = (j.result ?? {}) as { url?: string | null; workspace?: string };
          return (
            <li key={j._id} data-testid={`life-job-${j.kind}`} data-status={j.status}>
              <div className="clients-job-head">
                <strong>{t(`life.kind.${j.kind}`)}</strong> <span>{t(`life.jobStatus.${j.status}`)}</span>{' '}
                <span className="clients-muted">{formatDateTime(j.createdAt, i18n.language)}</span>
              </div>
              <ProgressBar
                value={percent(j)}
                name={t(`life.kind.${j.kind}`)}
                label={t('life.progress', { phase: t(`life.phase.${j.phase || 'queued'}`, { defaultValue: j.phase }), done: j.done, total: j.total })}
                testId={`job-progress-${j._id}`}
              />
              {j.status === 'done' && result.url ? (
                <a href={result.url} download data-testid="job-download">
                  {t('life.download')}
                </a>
              ) : null}
              {j.status === 'done' && result.workspace ? <span data-testid="job-workspace">{t('life.made', { workspace: result.workspace })}</span> : null}
              {j.status === 'failed' && j.error ? (
                <p className="ui-error" role="alert" data-testid="job-error">
                  {errorText(j.error)}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
