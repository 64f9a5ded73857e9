import { useState } from 'react';
import { clientsText } from './locales.ts';
import { useSession, WidgetSlot } from '@intranet/web-session';
import { EmptyState } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { AllDataTab } from './AllDataTab.tsx';
import { AppSections } from './AppSections.tsx';
import { DesignTab } from './DesignTab.tsx';
import { HangedFiles } from './HangedFiles.tsx';
import { JournalTab } from './JournalTab.tsx';
import { MaintenanceTasks } from './MaintenanceTasks.tsx';
import { UiElementsTab } from './UiElementsTab.tsx';
import './clients.css';

const TABS = ['allData', 'design', 'mail', 'notifSettings', 'files', 'ui', 'logs', 'service', 'sections'] as const;
/** Tabs of the superadmin's work (their routes are superadmin only, issue 36): hidden from client administrators. */
const SUPERADMIN_TABS = new Set<string>(['files', 'service', 'sections']);
/** Tabs another domain's remote fills through a widget slot (notifications: mail check, notification settings). */
const SLOTS: Record<string, string> = { mail: 'admin:mail', notifSettings: 'admin:notifSettings' };

/**
 * §2 admin panel (/admin, client administrators): the design tab (logo, head image, colours, font) and the logs tab
 * (the audit journal, issue 18 §2) of the admin's own client (the superadmin: the selected workspace); mail check and
 * notification settings come from the notifications remote (widget slots `admin:mail`, `admin:notifSettings`); for
 * the superadmin also files cleaning, service actions (the maintenance tasks) and app sections (issue 36); UI
 * elements shows the design system as the workspace's design paints it; all data browses the generic modules'
 * records. Test id: admin-panel.
 */
export default function AdminPanelPage() {
  const { t } = clientsText.useT();
  const { client, isSuperadmin } = useSession();
  const tabs = TABS.filter((id) => isSuperadmin || !SUPERADMIN_TABS.has(id));
  const [tab, setTab] = useState<string>('design');
  return (
    <section data-testid="admin-panel">
      <h1 className="ui-page-title">{t('adminPanel')}</h1>
      <Tabs label={t('adminPanel')} active={tab} onChange={setTab} tabs={tabs.map((id) => ({ id, label: t(`tabs.${id}`) }))}>
        {tab === 'sections' ? (
          <AppSections />
        ) : tab === 'ui' ? (
          <UiElementsTab />
        ) : !client ? (
          <EmptyState title={t('empty')} />
        ) : SLOTS[tab] ? (
          <WidgetSlot name={SLOTS[tab]} />
        ) : tab === 'allData' ? (
          <AllDataTab workspace={client.workspace} />
        ) : tab === 'logs' ? (
          <JournalTab clientId={client._id} />
        ) : tab === 'files' ? (
          <HangedFiles id={client._id} />
        ) : tab === 'service' ? (
          <MaintenanceTasks id={client._id} />
        ) : (
          <DesignTab client={client} />
        )}
      </Tabs>
    </section>
  );
}
