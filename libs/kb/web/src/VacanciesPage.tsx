import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { kbText } from './locales.ts';
import { articleCreate, articleUpdate } from '@intranet/kb-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { useSession } from '@intranet/web-session';
import { Button, EmptyState, FormGrid, Input, Loader, Modal, useDebounced, useNotifier } from '@intranet/web-ui';
import { useUserNames } from '@intranet/web-session/people';
import { useArticleList } from './api/article-access-for.ts';
import { createArticle } from './api/article-create.ts';
import { updateArticle } from './api/article-update.ts';
import { kbKeys } from './api/keys.ts';
import { LoadError, NeedClient, UserPicker, useKb, type PickedUser } from './common.tsx';
import { RichEditor } from './Editor.tsx';
import './kb.css';

export const salary = (from?: number | null, to?: number | null) =>
  from != null && to != null ? (from === to ? `${from}` : `${from} – ${to}`) : from != null ? `${from}+` : to != null ? `≤ ${to}` : '';

/** The vacancy form's own values (the salaries as typed). */
interface VacancyValues {
  title: string;
  content: string;
  salaryFrom: string;
  salaryTo: string;
}

/** The fields of an existing vacancy to edit. */
export interface VacancyInit {
  _id: string;
  title: string;
  content: string | null;
  salaryFrom: number | null;
  salaryTo: number | null;
  receivers: string[];
}

/**
 * Vacancy form (§3 Vacancy: header, body, salary from/to, receivers; §5 all required): creates (POST api/article)
 * or, given `vacancy`, edits (PUT api/article/{id}); one `useApiForm` over the contract's articleCreate/articleUpdate:
 * field errors under their field in the user's language, others in vac-error.
 * Test ids: vac-modal, vac-title, vac-from, vac-to, vac-submit, vac-error.
 */
export function VacancyModal({ onClose, vacancy }: { onClose: () => void; vacancy?: VacancyInit }) {
  const { t } = kbText.useT();
  const { uid } = useKb();
  const me = useSession().user;
  const qc = useQueryClient();
  const nav = useNavigate();
  const notifier = useNotifier();
  // A receiver the caller may not read stands as the id.
  const names = useUserNames(vacancy?.receivers ?? [], (id) => id);
  const [picked, setReceivers] = useState<PickedUser[] | null>(vacancy ? null : uid ? [{ _id: uid, name: me?.fullName || me?.email || '' }] : []);
  // Until the editor touches the list, show the stored receivers with their names as they arrive.
  const receivers = picked ?? (vacancy?.receivers ?? []).map((id) => ({ _id: id, name: names.get(id) ?? id }));
  const receiverIds = receivers.map((r) => r._id);
  const num = (s: string) => (s.trim() === '' ? null : Number(s));
  /** The request body of the form's values (salaries as numbers, the receivers picked). */
  const bodyOf = (v: VacancyValues) => {
    const fields = { title: v.title, content: v.content, salaryFrom: num(v.salaryFrom), salaryTo: num(v.salaryTo), receivers: receiverIds };
    return vacancy ? fields : { section: 'vacancy' as const, type: 'article' as const, ...fields };
  };
  const schema = useMemo(
    () =>
      z.preprocess((v) => bodyOf(v as VacancyValues), vacancy ? articleUpdate : articleCreate) as unknown as z.ZodType<Record<string, unknown>, VacancyValues>,
    [vacancy, receiverIds.join(',')],
  );
  const form = useApiForm({
    schema,
    defaultValues: {
      title: vacancy?.title ?? '',
      content: vacancy?.content ?? '',
      salaryFrom: vacancy?.salaryFrom != null ? String(vacancy.salaryFrom) : '',
      salaryTo: vacancy?.salaryTo != null ? String(vacancy.salaryTo) : '',
    },
    onSubmit: async () => {
      const body = bodyOf(form.getValues());
      const a = vacancy ? await updateArticle(vacancy._id, body) : await createArticle(body as z.input<typeof articleCreate>);
      await qc.invalidateQueries({ queryKey: kbKeys.all });
      notifier.toast(vacancy ? t('saved') : t('created'));
      onClose();
      if (!vacancy) void nav(`/vacancy/${a._id}`);
    },
    serverField: (f) => (['title', 'content', 'salaryFrom', 'salaryTo', 'receivers'].includes(f.split('.')[0]) ? f.split('.')[0] : null),
  });
  const busy = form.busy;
  return (
    <Modal
      open
      title={vacancy ? t('vacancyMore.edit') : t('vacancy.new')}
      onClose={onClose}
      width={860}
      testId="vac-modal"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="vac-form" loading={busy} data-testid="vac-submit">
            {vacancy ? t('save') : t('create')}
          </Button>
        </>
      }
    >
      <ApiFormView form={form} id="vac-form" errorTestId="vac-error">
        <Input label={t('vacancy.header')} id="vac-title" data-testid="vac-title" {...form.field('title')} required />
        <div className="ui-field">
          <span className="ui-field__label ui-field__label--required">{t('vacancy.body')}</span>
          <RichEditor value={vacancy?.content ?? ''} onChange={(html) => form.setValue('content', html, { shouldDirty: true })} testId="vac-editor" />
          {form.errorOf('content') ? (
            <div className="ui-field__error" role="alert">
              {form.errorOf('content')}
            </div>
          ) : null}
        </div>
        <FormGrid>
          <Input label={t('vacancy.salaryFrom')} id="vac-from" data-testid="vac-from" type="number" min={0} {...form.field('salaryFrom')} required />
          <Input label={t('vacancy.salaryTo')} id="vac-to" data-testid="vac-to" type="number" min={0} {...form.field('salaryTo')} required />
        </FormGrid>
        <UserPicker
          label={t('vacancy.receivers')}
          required
          value={receivers}
          onChange={setReceivers}
          error={form.errorOf('receivers' as never) || null}
          testId="vac-receivers"
        />
      </ApiFormView>
    </Modal>
  );
}

function List() {
  const { t } = kbText.useT();
  const { clientId, uid, isAdmin } = useKb();
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const dsearch = useDebounced(search.trim(), 250);
  const q = useArticleList(clientId, uid, { section: 'vacancy', search: dsearch || undefined, limit: dsearch ? 200 : 1000 });
  const items = (q.data ?? []).filter((v) => v.type !== 'folder');
  return (
    <section className="kb-page" data-testid="vacancies-page">
      <div className="kb-head">
        <h1 className="ui-page-title">{t('vacancies')}</h1>
        <span className="ui-toolbar__spacer" />
        {isAdmin ? (
          <Button onClick={() => setCreating(true)} data-testid="vac-new">
            {t('vacancy.new')}
          </Button>
        ) : null}
      </div>
      <input
        className="ui-field__control kb-search"
        type="search"
        placeholder={t('vacancyMore.search')}
        aria-label={t('vacancyMore.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="vac-search"
      />
      {q.error ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} section="vacancy" />
      ) : q.isLoading ? (
        <Loader />
      ) : !items.length ? (
        <EmptyState title={dsearch ? t('noResults') : t('vacancy.empty')} testId="vac-empty" />
      ) : (
        <ul className="kb-cards" data-testid="vac-list">
          {items.map((v) => (
            <li key={v._id} className="ui-card kb-card" data-testid={`vac-${v._id}`}>
              {v.titleHighlight ? (
                <Link to={`/vacancy/${v._id}`} className="kb-card__title" dangerouslySetInnerHTML={{ __html: v.titleHighlight }} />
              ) : (
                <Link to={`/vacancy/${v._id}`} className="kb-card__title">
                  {v.title}
                </Link>
              )}
              {v.snippet ? <div className="kb-hit__snippet kb-hits" dangerouslySetInnerHTML={{ __html: v.snippet }} /> : null}
              <div className="kb-muted">
                {t('vacancy.salary')}: {salary(v.salaryFrom, v.salaryTo)}
              </div>
            </li>
          ))}
        </ul>
      )}
      {creating ? <VacancyModal onClose={() => setCreating(false)} /> : null}
    </section>
  );
}

/**
 * /vacancies/ (§2): the vacancies board with search (highlighted hits); administrators publish vacancies.
 * Test ids: vacancies-page, vac-search, vac-list, vac-<id>, vac-new.
 */
export default function VacanciesPage() {
  return (
    <NeedClient>
      <List />
    </NeedClient>
  );
}
