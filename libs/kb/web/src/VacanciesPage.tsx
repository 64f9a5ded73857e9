import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { kbRoutes } from '@intranet/kb-contract';
import { call } from '@intranet/web-api';
import { Alert, Button, EmptyState, FormGrid, Input, Loader, Modal, useNotifier } from '@intranet/web-ui';
import { errorText, kbKeys, LoadError, NeedClient, UserPicker, useKb, type PickedUser } from './common.tsx';
import { RichEditor } from './Editor.tsx';
import { registerKbTranslations } from './i18n.ts';
import './kb.css';

registerKbTranslations();

export const salary = (from?: number | null, to?: number | null) =>
  from != null && to != null ? (from === to ? `${from}` : `${from} – ${to}`) : from != null ? `${from}+` : to != null ? `≤ ${to}` : '';

/** Vacancy form (§3 Vacancy: header, body, salary from/to, receivers; §5 all required). Test ids: vac-*. */
function VacancyModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('kb');
  const { uid } = useKb();
  const qc = useQueryClient();
  const nav = useNavigate();
  const notifier = useNotifier();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [receivers, setReceivers] = useState<PickedUser[]>(uid ? [{ _id: uid, name: '✓' }] : []);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const num = (s: string) => (s.trim() === '' ? null : Number(s));
  const submit = async () => {
    setBusy(true);
    setErrors({});
    setError(null);
    try {
      const a = await call(kbRoutes.create, {
        body: { section: 'vacancy', type: 'article', title, content, salaryFrom: num(from), salaryTo: num(to), receivers: receivers.map((r) => r._id) },
        silent: true,
      });
      await qc.invalidateQueries({ queryKey: kbKeys.all });
      notifier.toast(t('created'));
      onClose();
      void nav(`/vacancy/${a._id}`);
    } catch (e) {
      const fe = (e as { fieldErrors?: () => Record<string, string> }).fieldErrors?.();
      if (fe && Object.keys(fe).length) setErrors(fe);
      else setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('vacancy.new')}
      onClose={onClose}
      width={860}
      testId="vac-modal"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{t('cancel')}</Button>
          <Button onClick={submit} loading={busy} data-testid="vac-submit">{t('create')}</Button>
        </>
      }
    >
      {error ? <Alert>{error}</Alert> : null}
      <Input label={t('vacancy.header')} id="vac-title" data-testid="vac-title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} required />
      <div className="ui-field">
        <span className="ui-field__label ui-field__label--required">{t('vacancy.body')}</span>
        <RichEditor value="" onChange={setContent} testId="vac-editor" />
        {errors.content ? <div className="ui-field__error" role="alert">{errors.content}</div> : null}
      </div>
      <FormGrid>
        <Input label={t('vacancy.salaryFrom')} id="vac-from" data-testid="vac-from" type="number" min={0} value={from} onChange={(e) => setFrom(e.target.value)} error={errors.salaryFrom} required />
        <Input label={t('vacancy.salaryTo')} id="vac-to" data-testid="vac-to" type="number" min={0} value={to} onChange={(e) => setTo(e.target.value)} error={errors.salaryTo} required />
      </FormGrid>
      <div className="ui-field">
        <span className="ui-field__label ui-field__label--required">{t('vacancy.receivers')}</span>
        <UserPicker value={receivers} onChange={setReceivers} testId="vac-receivers" />
        {errors.receivers ? <div className="ui-field__error" role="alert">{errors.receivers}</div> : null}
      </div>
    </Modal>
  );
}

function List() {
  const { t } = useTranslation('kb');
  const { clientId, uid, isAdmin } = useKb();
  const [creating, setCreating] = useState(false);
  const q = useQuery({
    queryKey: kbKeys.list({ section: 'vacancy' }),
    queryFn: ({ signal }) => call(kbRoutes.accessFor, { params: { client: clientId!, user: uid! }, query: { section: 'vacancy', limit: 1000 }, signal, silent: true }),
  });
  const items = (q.data ?? []).filter((v) => v.type !== 'folder');
  return (
    <section className="kb-page" data-testid="vacancies-page">
      <div className="kb-head">
        <h1 className="ui-page-title">{t('vacancies')}</h1>
        <span className="ui-toolbar__spacer" />
        {isAdmin ? <Button onClick={() => setCreating(true)} data-testid="vac-new">{t('vacancy.new')}</Button> : null}
      </div>
      {q.error ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : q.isLoading ? (
        <Loader />
      ) : !items.length ? (
        <EmptyState title={t('vacancy.empty')} testId="vac-empty" />
      ) : (
        <ul className="kb-cards" data-testid="vac-list">
          {items.map((v) => (
            <li key={v._id} className="ui-card kb-card" data-testid={`vac-${v._id}`}>
              <Link to={`/vacancy/${v._id}`} className="kb-card__title">{v.title}</Link>
              <div className="kb-muted">{t('vacancy.salary')}: {salary(v.salaryFrom, v.salaryTo)}</div>
            </li>
          ))}
        </ul>
      )}
      {creating ? <VacancyModal onClose={() => setCreating(false)} /> : null}
    </section>
  );
}

/** /vacancies/ (§2): the vacancies board; administrators publish vacancies. Test ids: vacancies-page, vac-list, vac-<id>, vac-new. */
export default function VacanciesPage() {
  return (
    <NeedClient>
      <List />
    </NeedClient>
  );
}
