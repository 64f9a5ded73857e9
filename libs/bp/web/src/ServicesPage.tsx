import { useSearchParams } from 'react-router';
import { Tabs } from '@intranet/web-ui/widgets';
import { bpText } from './locales.ts';
import { Catalogue } from './Catalogue.tsx';
import { NeedClient, useBp } from './common.tsx';
import { ServiceAsks } from './ServiceAsks.tsx';
import { UserRequests } from './UserRequests.tsx';
import './bp.css';

const TABS = ['services', 'my', 'tome', 'asks'] as const;
/** Tabs only administrators see. */
const ADMIN_TABS: ReadonlySet<Tab> = new Set(['asks']);
type Tab = (typeof TABS)[number];

/**
 * /services/ (§2): tabs services (the catalogue by service group, search; administrators add groups and services),
 * my requests, requests to me and, for administrators, the service requests employees sent. Test ids: bp-page, bp-tab-*, bp-search, bp-service-<id>, bp-request-<id>.
 */
function Services() {
  const { t } = bpText.useT();
  const { isAdmin } = useBp();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((id) => isAdmin || !ADMIN_TABS.has(id));
  const tab = (tabs as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'services';
  return (
    <section className="page bp" data-testid="bp-page">
      <h1>{t('title')}</h1>
      <Tabs
        label={t('title')}
        active={tab}
        onChange={(id) => setParams(id === 'services' ? {} : { tab: id })}
        tabs={tabs.map((id) => ({ id, label: <span data-testid={`bp-tab-${id}`}>{t(`tabs.${id}`)}</span> }))}
      />
      {tab === 'services' ? <Catalogue /> : tab === 'asks' ? <ServiceAsks /> : <UserRequests as={tab === 'my' ? 'initiator' : 'performer'} />}
    </section>
  );
}

export default function ServicesPage() {
  return (
    <NeedClient>
      <Services />
    </NeedClient>
  );
}
