import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clientsText } from './locales.ts';
import { clientUpdate } from '@intranet/clients-contract';
import { FormError, useApiForm } from '@intranet/web-forms';
import { useSession } from '@intranet/web-session';
import { Badge, Button, ConfirmDialog, ErrorState, Loader, useNotifier } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { errorText, PageLoadError, pageLoadKind } from '@intranet/web-i18n';
import { useClient } from './api/client-get.ts';
import { clientChanged, updateClient } from './api/client-update.ts';
import { DesignTab } from './DesignTab.tsx';
import { DataTab } from './DataTab.tsx';
import { FeaturesTab } from './FeaturesTab.tsx';
import { MaintenanceTab } from './MaintenanceTab.tsx';
import { RightsTab } from './RightsTab.tsx';

/** The block/unblock body: the status of the contract's PUT /api/clients/{id}. */
const statusBody = clientUpdate.pick({ status: true }).required();

const TABS = ['data', 'design', 'features', 'rights', 'maintenance'] as const;

/**
 * One client (§2 client screen): block/unblock (PUT /api/clients/{id} {status}) and the tabs data, design,
 * features, other rights (the initial rights of new employees) and maintenance (issue 36). Test ids: client-detail, client-status,
 * client-block, client-unblock, client-manage-employees, client-back.
 */
export function ClientDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = clientsText.useT();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const notifier = useNotifier();
  const { selectClient } = useSession();
  const q = useClient(id);
  const [tab, setTab] = useState<string>('data');
  const [confirmBlock, setConfirmBlock] = useState(false);
  // Block / unblock: one `useApiForm` over the status of the contract's update body; a refusal shows above the tabs.
  const statusForm = useApiForm({
    schema: statusBody,
    defaultValues: { status: 'active' },
    onSubmit: async (body) => {
      const updated = await updateClient(id, body);
      clientChanged(qc, updated);
      notifier.toast(t(body.status === 'blocked' ? 'blocked' : 'unblocked'));
    },
  });
  const busy = statusForm.busy;

  if (q.isPending) return <Loader />;
  // A missing right or an unknown client: a clear page, no Retry (§8).
  if (q.isError && pageLoadKind(q.error) !== 'error') return <PageLoadError error={q.error} />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} testId="client-error" />;
  const client = q.data;

  const setStatus = async (status: 'active' | 'blocked') => {
    statusForm.reset({ status });
    await statusForm.submit();
    setConfirmBlock(false);
  };

  const manage = () => {
    selectClient({ _id: client._id, workspace: client.workspace, name: client.name });
    navigate('/employees/');
  };

  return (
    <section data-testid="client-detail">
      <button type="button" className="clients-back" onClick={onBack} data-testid="client-back">
        {t('back')}
      </button>
      <div className="clients-head">
        <h1 className="ui-page-title">
          {client.name} <span className="clients-ws">{client.workspace}</span>
        </h1>
        <span data-testid="client-status" data-status={client.status}>
          <Badge tone={client.status === 'active' ? 'success' : 'danger'}>{t(`status.${client.status}`)}</Badge>
        </span>
        <span className="ui-toolbar__spacer" />
        <Button variant="secondary" onClick={manage} data-testid="client-manage-employees">
          {t('employees')}
        </Button>
        {client.status === 'active' ? (
          <Button variant="danger" onClick={() => setConfirmBlock(true)} loading={busy} data-testid="client-block">
            {t('block')}
          </Button>
        ) : (
          <Button variant="primary" onClick={() => void setStatus('active')} loading={busy} data-testid="client-unblock">
            {t('unblock')}
          </Button>
        )}
      </div>
      <FormError form={statusForm} testId="client-status-error" />
      <Tabs label={client.name} active={tab} onChange={setTab} tabs={TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}>
        {tab === 'data' ? <DataTab client={client} /> : null}
        {tab === 'design' ? <DesignTab client={client} /> : null}
        {tab === 'features' ? <FeaturesTab client={client} /> : null}
        {tab === 'rights' ? <RightsTab client={client} /> : null}
        {tab === 'maintenance' ? <MaintenanceTab client={client} /> : null}
      </Tabs>
      <ConfirmDialog
        open={confirmBlock}
        message={t('blockConfirm', { name: client.name })}
        confirmLabel={t('block')}
        onConfirm={() => setStatus('blocked')}
        onCancel={() => setConfirmBlock(false)}
        testId="client-block-confirm"
      />
    </section>
  );
}
