import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bpText } from './locales.ts';
import { bpRoutes, type ServiceReq } from '@intranet/bp-contract';
import { call } from '@intranet/web-api';
import { useFormatDate } from '@intranet/web-i18n';
import { useRealtimeEvent } from '@intranet/web-session';
import { Button, EmptyState, Input, Loader, Pagination, useDebounced } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { AskForm, bpKeys, LoadError, NeedClient, MOMENT, RequestRow, UserName, useBp, useFieldErrors, useRequestEvents } from './common.tsx';
import './bp.css';

const TABS = ['services', 'my', 'tome', 'asks'] as const;
/** Tabs only administrators see. */
const ADMIN_TABS: ReadonlySet<Tab> = new Set(['asks']);
type Tab = (typeof TABS)[number];
const LIMIT = 20;

/** An administrator adds a service group (POST api/service_group). */
function NewGroup() {
  const { t } = bpText.useT();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const add = useMutation({
    mutationFn: () => call(bpRoutes.groupCreate, { body: { name }, silent: true }),
    onSuccess: () => {
      setName('');
      void qc.invalidateQueries({ queryKey: bpKeys.all });
    },
  });
  const errs = useFieldErrors(add.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <form className="bp-inline-form" onSubmit={submit} data-testid="bp-new-group">
      <Input id="bp-group-name" label={t('groupName')} value={name} onChange={(e) => setName(e.target.value)} error={errs.fields.name ?? errs.other} />
      <Button type="submit" size="small" disabled={add.isPending}>
        {t('addGroup')}
      </Button>
    </form>
  );
}

/** The services tab: groups with their services (GET api/service_group/byClient/{client}), searchable. */
function Catalogue() {
  const { t } = bpText.useT();
  const { clientId } = useBp();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const cat = useQuery({
    queryKey: bpKeys.catalogue(q),
    queryFn: ({ signal }) => call(bpRoutes.groupByClient, { params: { client: clientId! }, query: q ? { search: q } : {}, signal, silent: true }),
  });
  useRealtimeEvent('evt.bp.service.changed', () => void cat.refetch());
  return (
    <>
      <Input label={t('search')} type="search" value={search} placeholder={t('search')} onChange={(e) => setSearch(e.target.value)} data-testid="bp-search" />
      {cat.data?.canManage ? (
        <div className="bp-admin-bar">
          <Link to="/service/new" className="ui-btn ui-btn--normal ui-btn--primary" data-testid="bp-new-service">
            {t('newService')}
          </Link>
          <NewGroup />
        </div>
      ) : null}
      {cat.isPending ? (
        <Loader />
      ) : cat.isError ? (
        <LoadError error={cat.error} onRetry={() => void cat.refetch()} />
      ) : !cat.data.groups.length || (cat.data.groups.every((g) => !g.services.length) && !cat.data.canManage) ? (
        <EmptyState title={t(q ? 'empty.search' : 'empty.services')} testId="bp-empty" />
      ) : (
        <div className="bp-groups" data-testid="bp-catalogue">
          {cat.data.groups.map((g) => (
            <section key={g._id} className="bp-group" data-testid={`bp-group-${g._id}`}>
              <h2>{g.name}</h2>
              {g.services.length ? (
                <ul className="bp-cards">
                  {g.services.map((s) => (
                    <li key={s._id} className="ui-card bp-card">
                      <Link to={`/service/${s._id}`} className="bp-card__title" data-testid={`bp-service-${s._id}`}>
                        {s.name}
                      </Link>
                      <p className="bp-card__text">{s.description}</p>
                      <p className="bp-muted">
                        {t('steps', { count: s.stepsCount })}
                        {s.days_limit ? ` · ${t('days', { count: s.days_limit })}` : ''}
                        {s.department ? ` · ${s.department}` : ''}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="bp-muted">{t('empty.services')}</p>
              )}
            </section>
          ))}
        </div>
      )}
      {cat.data && !cat.data.canManage ? <AskForm /> : null}
    </>
  );
}

/** The service a service request names: a link to it, or "a deleted service" when it is gone. */
function AskedService({ id }: { id: string }) {
  const { t } = bpText.useT();
  const q = useQuery({
    queryKey: bpKeys.service(id),
    queryFn: ({ signal }) => call(bpRoutes.serviceGet, { params: { id }, signal, silent: true }),
    staleTime: 60_000,
    retry: false,
  });
  if (q.isError) return <>{t('asks.service', { name: t('asks.deletedService') })}</>;
  return <Link to={`/service/${id}`}>{t('asks.service', { name: q.data?.name ?? '…' })}</Link>;
}

/**
 * The administrators' tab of service requests (GET api/service/requests, newest first, paged): who asked, when,
 * their text and the service they asked for (or none: one not in the catalogue). Test ids: bp-asks, bp-ask-<id>.
 */
function ServiceAsks() {
  const { t } = bpText.useT();
  const fmt = useFormatDate();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...bpKeys.all, 'asks', page],
    queryFn: ({ signal }) => call(bpRoutes.serviceReqList, { query: { page, limit: LIMIT }, signal, silent: true }),
  });
  useRealtimeEvent('evt.bp.service_req.sent', () => void list.refetch());
  if (list.isPending) return <Loader />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data.items.length) return <EmptyState title={t('asks.empty')} testId="bp-empty" />;
  return (
    <>
      <p className="bp-muted">{t('asks.total', { count: list.data.total })}</p>
      <ul className="bp-cards" data-testid="bp-asks">
        {list.data.items.map((r: ServiceReq) => (
          <li key={r._id} className="ui-card bp-card" data-testid={`bp-ask-${r._id}`}>
            <div className="bp-card__head">
              <strong>
                <UserName id={r.author} />
              </strong>
              <span className="bp-muted">{fmt(r.created, MOMENT)}</span>
            </div>
            <p className="bp-card__text bp-ask__text">{r.text}</p>
            <p className="bp-muted">{r.bp ? <AskedService id={r.bp} /> : t('asks.noService')}</p>
          </li>
        ))}
      </ul>
      {list.data.total > LIMIT ? <Pagination page={page} total={list.data.total} pageSize={LIMIT} onChange={setPage} /> : null}
    </>
  );
}

/** "My requests" (as initiator) and "requests to me" (as performer): GET api/bp/runned/{user}, paged, live. */
function Requests({ as }: { as: 'initiator' | 'performer' }) {
  const { t } = bpText.useT();
  const { uid } = useBp();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: bpKeys.runned({ as, page }),
    queryFn: ({ signal }) => call(bpRoutes.requestByUser, { params: { user: uid! }, query: { as, page, limit: LIMIT }, signal, silent: true }),
  });
  useRequestEvents(() => void list.refetch());
  if (list.isPending) return <Loader />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data.requests.length) return <EmptyState title={t(as === 'initiator' ? 'empty.my' : 'empty.tome')} testId="bp-empty" />;
  return (
    <>
      <ul className="bp-cards" data-testid={`bp-requests-${as}`}>
        {list.data.requests.map((r) => (
          <RequestRow key={r._id} r={r} mine={as === 'initiator'} />
        ))}
      </ul>
      {list.data.total > LIMIT ? <Pagination page={page} total={list.data.total} pageSize={LIMIT} onChange={setPage} /> : null}
    </>
  );
}

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
      {tab === 'services' ? <Catalogue /> : tab === 'asks' ? <ServiceAsks /> : <Requests as={tab === 'my' ? 'initiator' : 'performer'} />}
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
