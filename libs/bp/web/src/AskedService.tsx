import { Link } from 'react-router';
import { bpText } from './locales.ts';
import { useAskedService } from './api/service-get.ts';

/** The service a service request names: a link to it, or "a deleted service" when it is gone. */
export function AskedService({ id }: { id: string }) {
  const { t } = bpText.useT();
  const q = useAskedService(id);
  if (q.isError) return <>{t('asks.service', { name: t('asks.deletedService') })}</>;
  return <Link to={`/service/${id}`}>{t('asks.service', { name: q.data?.name ?? '…' })}</Link>;
}
