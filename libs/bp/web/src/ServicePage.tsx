import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '@intranet/web-api';
import { Loader } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { bpText } from './locales.ts';
import { useService } from './api/service-get.ts';
import { AskForm } from './AskForm.tsx';
import { LoadError, NeedClient, useBp } from './common.tsx';
import { InfoForm } from './InfoForm.tsx';
import { RightsTab } from './RightsTab.tsx';
import { ServiceInfo } from './ServiceInfo.tsx';
import { ServiceRequests } from './ServiceRequests.tsx';
import { StartForm } from './StartForm.tsx';
import { StepsEditor } from './StepsEditor.tsx';
import './bp.css';

const TABS = ['info', 'steps', 'rights', 'requests', 'start'] as const;
const ADMIN_TABS: ReadonlySet<string> = new Set(['steps', 'rights', 'requests']);

/**
 * /service/{_id} (§2): info; for administrators the info form and the steps editor; for everyone who may use it
 * the start form. /service/new: the info form of a new service (administrators). Test ids: bp-service-page,
 * bp-tab-*, bp-info-form, bp-steps-editor, bp-start-form.
 */
function ServiceView() {
  const { t } = bpText.useT();
  const { id = 'new' } = useParams();
  const { isAdmin } = useBp();
  const [tab, setTab] = useState<(typeof TABS)[number]>(() => {
    const want = new URLSearchParams(window.location.search).get('tab');
    return (TABS as readonly string[]).includes(want ?? '') ? (want as (typeof TABS)[number]) : 'info';
  });
  const q = useService(id, id !== 'new');
  if (id === 'new')
    return (
      <section className="page bp" data-testid="bp-service-page">
        <Link to="/services">{t('title')}</Link>
        <h1>{t('newService')}</h1>
        {isAdmin ? <InfoForm service={null} /> : <LoadError error={{ status: 403 }} />}
      </section>
    );
  if (q.isPending) return <Loader />;
  if (q.isError)
    return (
      <>
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
        {isApiError(q.error) && q.error.status === 403 ? <AskForm bp={id} /> : null}
      </>
    );
  const s = q.data;
  return (
    <section className="page bp" data-testid="bp-service-page">
      <Link to="/services">{t('title')}</Link>
      <h1>{s.name}</h1>
      <Tabs
        label={s.name}
        active={tab}
        onChange={(x) => setTab(x as (typeof TABS)[number])}
        tabs={TABS.filter((x) => !ADMIN_TABS.has(x) || s.canManage).map((x) => ({
          id: x,
          label: <span data-testid={`bp-tab-${x}`}>{x === 'start' ? t('service.start') : t(`service.${x}`)}</span>,
        }))}
      />
      {tab === 'info' ? (
        <>
          <ServiceInfo service={s} />
          {s.canManage ? <InfoForm key={s.version} service={s} /> : null}
        </>
      ) : tab === 'steps' && s.canManage ? (
        <StepsEditor service={s} />
      ) : tab === 'rights' && s.canManage ? (
        <RightsTab key={s.version} service={s} />
      ) : tab === 'requests' && s.canManage ? (
        <ServiceRequests service={s} />
      ) : (
        <StartForm service={s} />
      )}
    </section>
  );
}

export default function ServicePage() {
  return (
    <NeedClient>
      <ServiceView />
    </NeedClient>
  );
}
