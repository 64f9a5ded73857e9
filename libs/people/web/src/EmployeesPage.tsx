import { useState } from 'react';
import { Link } from 'react-router';
import { peopleText } from './locales.ts';
import { useSession, WidgetSlot } from '@intranet/web-session';
import { EmptyState, Loader } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { AllEmployeesTab } from './AllEmployeesTab.tsx';
import { CompanyDataTab } from './CompanyDataTab.tsx';
import { IntegrationsTab } from './IntegrationsTab.tsx';
import { OtherSettingsTab } from './OtherSettingsTab.tsx';
import { HrDataPanel } from './HrDataPanel.tsx';
import { RightsTab } from './RightsTab.tsx';
import './people.css';

/**
 * Employee administration tabs of §2; notifications comes from the notifications remote (widget slot
 * `employees:notifications`), mood statistics (analytics, `employees:mood`) and AI settings (kb, `employees:ai`) likewise; the interface tab, whose data no service holds yet, is
 * disabled ("coming soon").
 */
const TABS = ['all', 'rights', 'mood', 'other', 'notifications', 'interface', 'ai', 'integrations', 'company'] as const;
const READY = new Set<string>(['all', 'rights', 'mood', 'other', 'notifications', 'ai', 'integrations', 'company']);

/**
 * /employees (§2, admins only): employee administration of the current client. The superadmin works in the
 * client chosen on /clients (stored currentClient). Test ids: employees-page, tab-<id>.
 */
export default function EmployeesPage() {
  const { t } = peopleText.useT();
  const { client, workspace, isSuperadmin } = useSession();
  const [tab, setTab] = useState<string>('all');

  if (!workspace || (isSuperadmin && !client)) {
    if (isSuperadmin && workspace && !client) return <Loader />;
    return (
      <section data-testid="employees-page">
        <h1 className="ui-page-title">{t('title')}</h1>
        <EmptyState
          title={t('noClient')}
          action={
            <Link to="/clients" className="ui-btn ui-btn--normal ui-btn--primary">
              {t('toClients')}
            </Link>
          }
          testId="employees-no-client"
        />
      </section>
    );
  }

  return (
    <section data-testid="employees-page">
      <h1 className="ui-page-title">
        {t('title')}
        {client ? <span className="people-client"> · {client.name}</span> : null}
      </h1>
      {/* Nine tabs: their ru and uk labels wrap onto a second row rather than scroll out of sight (people.css). */}
      <div className="people-tabs">
        <Tabs
          label={t('title')}
          active={tab}
          onChange={setTab}
          tabs={TABS.map((id) => ({ id, label: t(`tabs.${id}`), disabled: !READY.has(id), title: READY.has(id) ? undefined : t('soon') }))}
        >
          {tab === 'all' ? <AllEmployeesTab workspace={workspace} clientId={isSuperadmin ? client?._id : undefined} /> : null}
          {tab === 'rights' && client ? <RightsTab client={client} /> : null}
          {tab === 'other' && client ? <OtherSettingsTab clientId={client._id} /> : null}
          {tab === 'integrations' && client ? <IntegrationsTab clientId={client._id} /> : null}
          {tab === 'company' && client ? (
            <>
              <CompanyDataTab clientId={client._id} />
              <HrDataPanel workspace={workspace} />
            </>
          ) : null}
          {tab === 'mood' && client ? <WidgetSlot name="employees:mood" /> : null}
          {tab === 'notifications' && client ? <WidgetSlot name="employees:notifications" /> : null}
          {tab === 'ai' && client ? <WidgetSlot name="employees:ai" /> : null}
        </Tabs>
      </div>
    </section>
  );
}
