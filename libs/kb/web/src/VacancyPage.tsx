import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { kbRoutes, KB_TEXT } from '@intranet/kb-contract';
import type { UploadedFile } from '@intranet/files-contract';
import { call } from '@intranet/web-api';
import { Alert, Button, Input, Loader, ProgressBar, TextArea } from '@intranet/web-ui';
import { useArticle } from './ArticlePage.tsx';
import { errorText, LoadError, NeedClient, toRef, uploadFiles } from './common.tsx';
import { registerKbTranslations } from './i18n.ts';
import { salary } from './VacanciesPage.tsx';
import './kb.css';

registerKbTranslations();

/** Response form (POST api/article/vac_respond) with an optional CV upload (kind cv, with progress). Test ids: vac-respond-*. */
function RespondForm({ id }: { id: string }) {
  const { t } = useTranslation('kb');
  const [message, setMessage] = useState('');
  const [contacts, setContacts] = useState('');
  const [cv, setCv] = useState<UploadedFile | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  if (sent) return <Alert kind="success" testId="vac-respond-sent">{t('vacancy.sent')}</Alert>;
  return (
    <form
      className="kb-respond ui-card"
      data-testid="vac-respond-form"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          await call(kbRoutes.vacRespond, { body: { article: id, message: message || null, contacts: contacts || null, cv: cv ? toRef(cv) : null }, silent: true });
          setSent(true);
        } catch (err) {
          setError(errorText(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2>{t('vacancy.respondTitle')}</h2>
      {error ? <Alert testId="vac-respond-error">{error}</Alert> : null}
      <TextArea label={t('vacancy.message')} id="vac-respond-message" data-testid="vac-respond-message" rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
      <Input label={t('vacancy.contacts')} id="vac-respond-contacts" data-testid="vac-respond-contacts" value={contacts} onChange={(e) => setContacts(e.target.value)} />
      <div className="ui-field">
        <span className="ui-field__label">{t('vacancy.cv')}</span>
        <input
          ref={input}
          type="file"
          data-testid="vac-respond-cv"
          onChange={async (e) => {
            const f = e.target.files?.[0];
            if (!f) return;
            setProgress(0);
            setError(null);
            try {
              const [u] = await uploadFiles([f], 'cv', (p) => setProgress(p.percent));
              setCv(u ?? null);
            } catch (err) {
              setError(errorText(err));
              if (input.current) input.current.value = '';
            } finally {
              setProgress(null);
            }
          }}
        />
        {progress !== null ? <ProgressBar value={progress} label={t('uploading', { percent: progress })} testId="vac-cv-progress" /> : null}
        {cv ? <span className="kb-muted" data-testid="vac-cv-done">✓ {cv.fileName}</span> : null}
      </div>
      <Button type="submit" loading={busy} disabled={progress !== null} data-testid="vac-respond-submit">{t('vacancy.respond')}</Button>
    </form>
  );
}

function View() {
  const { t } = useTranslation('kb');
  const { id } = useParams();
  const q = useArticle(id);
  if (q.isLoading) return <Loader />;
  const a = q.data;
  return (
    <section className="kb-page" data-testid="vacancy-page">
      <nav className="kb-crumbs"><Link to="/vacancies/">{t('vacancy.back')}</Link></nav>
      {q.error || !a ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : a.section !== 'vacancy' ? (
        <Alert>{KB_TEXT.notVacancy}</Alert>
      ) : (
        <>
          <h1 className="ui-page-title" data-testid="vacancy-title">{a.title}</h1>
          <p className="kb-salary" data-testid="vacancy-salary">{t('vacancy.salary')}: {salary(a.salaryFrom, a.salaryTo)}</p>
          {/* Sanitised by the server. */}
          <div className="kb-content" data-testid="vacancy-content" dangerouslySetInnerHTML={{ __html: a.content ?? '' }} />
          <RespondForm id={a._id} />
        </>
      )}
    </section>
  );
}

/** /vacancy/{_id} (§2): the vacancy and its response form. Test ids: vacancy-page, vacancy-title, vac-respond-form. */
export default function VacancyPage() {
  return (
    <NeedClient>
      <View />
    </NeedClient>
  );
}
