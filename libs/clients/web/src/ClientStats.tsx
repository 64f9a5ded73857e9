import { clientsText } from './locales.ts';
import { errorText, formatSize } from '@intranet/web-i18n';
import { ErrorState, Loader } from '@intranet/web-ui';
import { useClientFilestat } from './api/client-filestat.ts';
import { useClientStat } from './api/client-stat.ts';

/**
 * A workspace's statistics (GET api/clients/stat/{id}) and file statistics (GET api/clients/{id}/filestat): employees,
 * posts, articles, files, storage used of total, and objects per folder. Test ids: client-stat, stat-<figure>, filestat.
 */
export function ClientStats({ id }: { id: string }) {
  const { t, i18n } = clientsText.useT();
  const stat = useClientStat(id);
  const files = useClientFilestat(id);
  if (stat.isPending) return <Loader />;
  if (stat.isError) return <ErrorState message={errorText(stat.error)} onRetry={() => void stat.refetch()} testId="client-stat-error" />;
  const s = stat.data;
  const figures = [
    ['employees', String(s.employees)],
    ['posts', String(s.posts)],
    ['articles', String(s.articles)],
    ['files', String(s.files)],
    ['storage', t('life.storageOf', { used: formatSize(s.storageUsed, i18n.language), total: formatSize(s.storageTotal, i18n.language) })],
  ] as const;
  return (
    <div className="ui-card" data-testid="client-stat">
      <h3 className="clients-subtitle">{t('life.stat')}</h3>
      <dl className="clients-stat">
        {figures.map(([k, v]) => (
          <div key={k}>
            <dt>{t(`life.figure.${k}`)}</dt>
            <dd data-testid={`stat-${k}`}>{v}</dd>
          </div>
        ))}
      </dl>
      {files.data ? (
        <ul className="clients-muted" data-testid="filestat">
          {Object.entries(files.data.folders).map(([folder, f]) => (
            <li key={folder}>{t('life.folder', { folder: folder || '/', n: f.files, size: formatSize(f.bytes, i18n.language) })}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
