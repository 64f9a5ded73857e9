import { useState } from 'react';
import { clientsText } from './locales.ts';
import { useSession, WidgetSlot } from '@intranet/web-session';
import { EmptyState } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { DesignTab } from './DesignTab.tsx';
import { JournalTab } from './JournalTab.tsx';
import './clients.css';

const TABS = ['design', 'mail', 'notifSettings', 'logs'] as const;
/** Tabs another domain's remote fills through a widget slot (notifications: mail check, notification settings). */
const SLOTS: Record<string, string> = { mail: 'admin:mail', notifSettings: 'admin:notifSettings' };

/**
 * §2 admin panel (/admin, client administrators): the design tab (logo, head image, colours, font) and the logs tab
 * (the audit journal, issue 18 §2) of the admin's own client (the superadmin: the selected workspace); mail check and
 * notification settings come from the notifications remote (widget slots `admin:mail`, `admin:notifSettings`); the
 * other §2 admin panel tabs come later. Test id: admin-panel.
 */
export default function AdminPanelPage() {
  const { t } = clientsText.useT();
  const { client } = useSession();
  const [tab, setTab] = useState<string>('design');
  return (
    <section data-testid="admin-panel">
      <h1 className="ui-page-title">{t('adminPanel')}</h1>
      <Tabs label={t('adminPanel')} active={tab} onChange={setTab} tabs={TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}>
        {!client ? (
          <EmptyState title={t('empty')} />
        ) : SLOTS[tab] ? (
          <WidgetSlot name={SLOTS[tab]} />
        ) : tab === 'logs' ? (
          <JournalTab clientId={client._id} />
        ) : (
          <DesignTab client={client} />
        )}
      </Tabs>
    </section>
  );
}
