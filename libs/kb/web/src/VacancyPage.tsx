import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { kbText } from './locales.ts';
import { kbRoutes, KB_TEXT } from '@intranet/kb-contract';
import type { UploadedFile } from '@intranet/files-contract';
import { z } from '@intranet/platform-contracts';
import { isApiError } from '@intranet/web-api';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Alert, Button, ConfirmDialog, EmptyState, ErrorState, Input, Loader, ProgressBar, TextArea, useNotifier } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { useArticle } from './ArticlePage.tsx';
import { deleteArticle } from './api/article-deep-delete.ts';
import { kbKeys } from './api/keys.ts';
import { respondToVacancy } from './api/vacancy-respond.ts';
import { useVacancyResponses } from './api/vacancy-responses.ts';
import { errorText, LoadError, NeedClient, toRef, uploadFiles, useKb } from './common.tsx';
import { salary, VacancyModal } from './VacanciesPage.tsx';
import './kb.css';
import { formatDateTime } from '@intranet/web-i18n';

/**
 * Response form (POST api/article/vac_respond) with an optional CV upload (kind cv, with progress), one
 * `useApiForm` over the route's body: an empty response (§5) and server errors are worded in the user's language in
 * vac-respond-error; 409 means already responded. Test ids: vac-respond-*.
 */
function RespondForm({ id }: { id: string }) {
  const { t } = kbText.useT();
  const [cv, setCv] = useState<UploadedFile | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [sent, setSent] = useState<'sent' | 'already' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const schema = useMemo(
    () =>
      z.preprocess((v) => {
        const x = v as { message: string; contacts: string };
        return { article: id, message: x.message.trim() || null, contacts: x.contacts.trim() || null, cv: cv ? toRef(cv) : null };
      }, kbRoutes.vacancyRespond.body) as unknown as z.ZodType<z.output<typeof kbRoutes.vacancyRespond.body>, { message: string; contacts: string }>,
    [id, cv],
  );
  const form = useApiForm({
    schema,
    defaultValues: { message: '', contacts: '' },
    onSubmit: async (body): Promise<void> => {
      // §5: an empty response says nothing; the server refuses it too.
      if (!body.message && !body.contacts && !body.cv) {
        form.setFormError(t('vacancy.emptyResponse'));
        return;
      }
      try {
        await respondToVacancy(body);
        setSent('sent');
      } catch (err) {
        if (isApiError(err) && err.status === 409) {
          setSent('already');
          return;
        }
        throw err;
      }
    },
  });
  if (sent === 'sent')
    return (
      <Alert kind="success" testId="vac-respond-sent">
        {t('vacancy.sent')}
      </Alert>
    );
  if (sent === 'already')
    return (
      <Alert kind="info" testId="vac-respond-already">
        {t('vacancy.already')}
      </Alert>
    );
  return (
    <ApiFormView form={form} className="kb-respond ui-card" data-testid="vac-respond-form" errorTestId="vac-respond-error">
      <h2>{t('vacancy.respondTitle')}</h2>
      <TextArea label={t('vacancy.message')} id="vac-respond-message" data-testid="vac-respond-message" rows={4} {...form.field('message')} />
      <Input label={t('vacancy.contacts')} id="vac-respond-contacts" data-testid="vac-respond-contacts" {...form.field('contacts')} />
      <div className="ui-field">
        <label className="ui-field__label" htmlFor="vac-respond-cv">
          {t('vacancy.cv')}
        </label>
        <input
          ref={input}
          id="vac-respond-cv"
          type="file"
          data-testid="vac-respond-cv"
          onChange={async (e) => {
            const f = e.target.files?.[0];
            if (!f) return;
            setProgress(0);
            form.setFormError(null);
            try {
              const [u] = await uploadFiles([f], 'cv', (p) => setProgress(p.percent));
              setCv(u ?? null);
            } catch (err) {
              form.setFormError(errorText(err));
              if (input.current) input.current.value = '';
            } finally {
              setProgress(null);
            }
          }}
        />
        {progress !== null ? <ProgressBar value={progress} label={t('uploading', { percent: progress })} testId="vac-cv-progress" /> : null}
        {cv ? (
          <span className="kb-muted" data-testid="vac-cv-done">
            ✓ {cv.fileName}
          </span>
        ) : null}
      </div>
      <Button type="submit" loading={form.busy} disabled={progress !== null} data-testid="vac-respond-submit">
        {t('vacancy.respond')}
      </Button>
    </ApiFormView>
  );
}

/**
 * Responses to the vacancy (GET api/article/{id}/responses) with CV links, for administrators and receivers.
 * Test ids: vac-responses, vac-response-<id>, vac-responses-empty.
 */
function Responses({ id }: { id: string }) {
  const { t } = kbText.useT();
  const q = useVacancyResponses(id);
  if (q.isLoading) return <Loader />;
  if (q.error)
    return <ErrorState message={`${t('vacancyMore.loadError')}: ${errorText(q.error)}`} onRetry={() => void q.refetch()} testId="vac-responses-error" />;
  const list = q.data ?? [];
  if (!list.length) return <EmptyState title={t('vacancyMore.noResponses')} testId="vac-responses-empty" />;
  return (
    <ul className="kb-responses" data-testid="vac-responses">
      {list.map((r) => (
        <li key={r._id} className="ui-card kb-card" data-testid={`vac-response-${r._id}`}>
          <div className="kb-head">
            <strong>
              {t('vacancyMore.from')}: {r.userName || r.user}
            </strong>
            <span className="kb-muted">{formatDateTime(r.created)}</span>
          </div>
          {r.message ? <p style={{ whiteSpace: 'pre-wrap' }}>{r.message}</p> : null}
          {r.contacts ? (
            <p className="kb-muted">
              {t('vacancy.contacts')}: {r.contacts}
            </p>
          ) : null}
          {r.cv ? (
            <a href={r.cv.url} download={r.cv.fileName} target="_blank" rel="noreferrer" data-testid={`vac-response-cv-${r._id}`}>
              {t('vacancyMore.cv')}: {r.cv.fileName}
            </a>
          ) : (
            <span className="kb-muted">{t('vacancyMore.noCv')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function View() {
  const { t } = kbText.useT();
  const { id } = useParams();
  const { uid, isAdmin } = useKb();
  const qc = useQueryClient();
  const nav = useNavigate();
  const notifier = useNotifier();
  const q = useArticle(id);
  const [tab, setTab] = useState('vacancy');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (q.isLoading) return <Loader />;
  const a = q.data;
  const receiver = !!a && (isAdmin || (!!uid && a.receivers.includes(uid)));
  const write = a?.access === 'write';
  return (
    <section className="kb-page" data-testid="vacancy-page">
      <nav className="kb-crumbs">
        <Link to="/vacancies/">{t('vacancy.back')}</Link>
      </nav>
      {q.error || !a ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} section="vacancy" />
      ) : a.section !== 'vacancy' ? (
        <Alert>{KB_TEXT.notVacancy}</Alert>
      ) : (
        <>
          <div className="kb-head">
            <h1 className="ui-page-title" data-testid="vacancy-title">
              {a.title}
            </h1>
            <span className="ui-toolbar__spacer" />
            {write ? (
              <>
                <Button variant="secondary" size="small" onClick={() => setEditing(true)} data-testid="vac-edit">
                  {t('edit')}
                </Button>
                <Button variant="danger" size="small" onClick={() => setDeleting(true)} data-testid="vac-delete">
                  {t('delete')}
                </Button>
              </>
            ) : null}
          </div>
          {(() => {
            const body =
              receiver && tab === 'responses' ? (
                <Responses id={a._id} />
              ) : (
                <>
                  <p className="kb-salary" data-testid="vacancy-salary">
                    {t('vacancy.salary')}: {salary(a.salaryFrom, a.salaryTo)}
                  </p>
                  {/* Sanitised by the server. */}
                  <div className="kb-content" data-testid="vacancy-content" dangerouslySetInnerHTML={{ __html: a.content ?? '' }} />
                  <RespondForm id={a._id} />
                </>
              );
            return receiver ? (
              <Tabs
                tabs={[
                  { id: 'vacancy', label: t('vacancyMore.tabVacancy') },
                  { id: 'responses', label: t('vacancyMore.tabResponses') },
                ]}
                active={tab}
                onChange={setTab}
              >
                {body}
              </Tabs>
            ) : (
              body
            );
          })()}
          {editing ? <VacancyModal vacancy={a} onClose={() => setEditing(false)} /> : null}
          <ConfirmDialog
            open={deleting}
            message={t('vacancyMore.deleteConfirm', { title: a.title })}
            confirmLabel={t('delete')}
            onCancel={() => setDeleting(false)}
            onConfirm={async () => {
              try {
                await deleteArticle(a._id);
                setDeleting(false);
                notifier.toast(t('deleted'));
                await qc.invalidateQueries({ queryKey: kbKeys.all });
                void nav('/vacancies/');
              } catch (e) {
                notifier.error(errorText(e));
                throw e;
              }
            }}
          />
        </>
      )}
    </section>
  );
}

/**
 * /vacancy/{_id} (§2): the vacancy and its response form; writers edit or delete it; administrators and the
 * response receivers get a Responses tab. Test ids: vacancy-page, vacancy-title, vac-respond-form, vac-edit,
 * vac-delete, tab-responses.
 */
export default function VacancyPage() {
  return (
    <NeedClient>
      <View />
    </NeedClient>
  );
}
