import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clientRoutes, clientWritable, type Client } from '@intranet/clients-contract';
import { call } from '@intranet/web-api';
import { errorText, PageLoadError, pageLoadKind, serverFieldErrors, zodErrors } from '@intranet/web-i18n';
import { sessionKeys } from '@intranet/web-session';
import { Alert, Button, Checkbox, ConfirmDialog, ErrorState, FormGrid, Input, Loader, Select, useNotifier } from '@intranet/web-ui';

/**
 * The employee administration tabs of §2 whose data the clients service holds (§3 Client): "company data",
 * "other settings" and "integrations" (HR system). Each loads the client fresh (GET api/clients/{id}: loading,
 * no-access/not-found page, error with Retry) and saves with PUT api/clients/{id} (§5 limits checked before
 * sending and by the server; the server's field errors shown under the fields).
 */

type Patch = Record<string, unknown>;

/** Query key of a tab's client (the session's copy is updated too after a save). */
const clientKey = (id: string) => ['people', 'client', id] as const;

/** GET api/clients/{id} for a tab (the session's copy may be older than another admin's change). */
function useClient(id: string) {
  return useQuery({
    queryKey: clientKey(id),
    queryFn: ({ signal }) => call(clientRoutes.get, { params: { id }, signal, silent: true }),
  });
}

/** Loading, no-access / not-found page or error with Retry around a tab's form; the form gets the loaded client. */
function WithClient({ id, testId, children }: { id: string; testId: string; children: (c: Client) => ReactNode }) {
  const q = useClient(id);
  if (q.isPending) return <Loader testId={`${testId}-loading`} />;
  if (q.isError)
    return pageLoadKind(q.error) !== 'error' ? (
      <PageLoadError error={q.error} />
    ) : (
      <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} testId={`${testId}-error`} />
    );
  return <>{children(q.data)}</>;
}

/**
 * Validates `body` against the contract's writable client fields (§5 texts, worded in the user's language) and
 * saves it; field errors (client-side or the server's) land in `setErrors`, other errors in the error dialog.
 * Output: true when saved.
 */
function useSaveClient(id: string, setErrors: (e: Record<string, string>) => void) {
  const qc = useQueryClient();
  const notifier = useNotifier();
  const { t } = useTranslation('people');
  const [saving, setSaving] = useState(false);
  const save = async (body: Patch): Promise<boolean> => {
    const parsed = clientWritable.partial().safeParse(body);
    if (!parsed.success) {
      setErrors(zodErrors(parsed.error));
      return false;
    }
    setErrors({});
    setSaving(true);
    try {
      const updated = await call(clientRoutes.update, { params: { id }, body: parsed.data, silent: true });
      qc.setQueryData(clientKey(id), updated);
      qc.setQueryData(sessionKeys.client(id), updated);
      void qc.invalidateQueries({ queryKey: ['clients'] });
      notifier.toast(t('settings.saved'));
      return true;
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) setErrors(fields);
      else notifier.error(errorText(err));
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}

/** '' → null, so an emptied field clears the stored value. */
const orNull = (s: string) => (s.trim() === '' ? null : s);

const COMPANY_FIELDS = ['name', 'fullName', 'city', 'phone', 'address', 'director', 'telegram', 'taxNumber'] as const;
type CompanyField = (typeof COMPANY_FIELDS)[number];

/** "Company data" tab (§2, §3 Client). Test ids: company-tab, company-<field>, company-save. */
export function CompanyDataTab({ clientId }: { clientId: string }) {
  return (
    <WithClient id={clientId} testId="company-tab">
      {(c) => <CompanyDataForm key={c._id} client={c} />}
    </WithClient>
  );
}

function CompanyDataForm({ client }: { client: Client }) {
  const { t } = useTranslation('people');
  const [v, setV] = useState<Record<CompanyField, string>>(
    () => Object.fromEntries(COMPANY_FIELDS.map((f) => [f, client[f] ?? ''])) as Record<CompanyField, string>,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { save, saving } = useSaveClient(client._id, setErrors);
  return (
    <form
      className="ui-card"
      data-testid="company-tab"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save({ name: v.name, ...Object.fromEntries(COMPANY_FIELDS.filter((f) => f !== 'name').map((f) => [f, orNull(v[f])])) });
      }}
    >
      <h2 className="people-section-title">{t('tabs.company')}</h2>
      <FormGrid>
        {COMPANY_FIELDS.map((f) => (
          <Input
            key={f}
            id={`company-${f}`}
            data-testid={`company-${f}`}
            label={t(`settings.company.${f}`)}
            required={f === 'name'}
            wide={f === 'fullName' || f === 'address'}
            value={v[f]}
            error={errors[f]}
            onChange={(e) => setV((x) => ({ ...x, [f]: e.target.value }))}
          />
        ))}
      </FormGrid>
      <Button type="submit" loading={saving} data-testid="company-save">
        {t('settings.save')}
      </Button>
    </form>
  );
}

/** Start pages offered (§2: the client's start_page, default company; 'profile' becomes the user's profile). */
const START_PAGES = ['company', 'profile', 'articles', 'vacancies', 'addressBook'] as const;

/** "Other settings" tab (§2): interface language, start page, hide the mood meter. Test ids: other-tab, other-lang, other-start, other-mood, other-save. */
export function OtherSettingsTab({ clientId }: { clientId: string }) {
  return (
    <WithClient id={clientId} testId="other-tab">
      {(c) => <OtherSettingsForm key={c._id} client={c} />}
    </WithClient>
  );
}

function OtherSettingsForm({ client }: { client: Client }) {
  const { t } = useTranslation('people');
  const [lang, setLang] = useState(client.lang === 'ua' ? 'uk' : client.lang);
  const [start, setStart] = useState(client.start_page || 'company');
  const [hideMood, setHideMood] = useState(client.settings.hideMoodMeter);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { save, saving } = useSaveClient(client._id, setErrors);
  const starts = START_PAGES.includes(start as (typeof START_PAGES)[number]) ? START_PAGES : [...START_PAGES, start];
  return (
    <form
      className="ui-card"
      data-testid="other-tab"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save({ lang, start_page: start, settings: { hideMoodMeter: hideMood, initialRights: client.settings.initialRights } });
      }}
    >
      <h2 className="people-section-title">{t('tabs.other')}</h2>
      <FormGrid>
        <Select
          id="other-lang"
          data-testid="other-lang"
          label={t('settings.other.lang')}
          value={lang}
          error={errors.lang}
          onChange={(e) => setLang(e.target.value)}
          options={(['ru', 'uk', 'en'] as const).map((l) => ({ value: l, label: t(`settings.other.langs.${l}`) }))}
        />
        <Select
          id="other-start"
          data-testid="other-start"
          label={t('settings.other.start')}
          value={start}
          error={errors.start_page}
          onChange={(e) => setStart(e.target.value)}
          options={starts.map((p) => ({ value: p, label: (START_PAGES as readonly string[]).includes(p) ? t(`settings.other.starts.${p}`) : p }))}
        />
      </FormGrid>
      <Checkbox label={t('settings.other.hideMood')} checked={hideMood} onChange={(e) => setHideMood(e.target.checked)} data-testid="other-mood" />
      <Button type="submit" loading={saving} data-testid="other-save">
        {t('settings.save')}
      </Button>
    </form>
  );
}

/**
 * "Integrations" tab (§2; §3 Client HR-system address, login, password; §5 "HR integration needs tax id"): the
 * password is write-only (blank keeps the stored one); Disconnect clears all three after confirmation.
 * Test ids: integrations-tab, hr-url, hr-login, hr-password, hr-save, hr-disconnect, hr-no-tax.
 */
export function IntegrationsTab({ clientId }: { clientId: string }) {
  return (
    <WithClient id={clientId} testId="integrations-tab">
      {(c) => <IntegrationsForm key={`${c._id}:${c.hr.url}:${c.hr.login}`} client={c} />}
    </WithClient>
  );
}

function IntegrationsForm({ client }: { client: Client }) {
  const { t } = useTranslation('people');
  const [url, setUrl] = useState(client.hr.url ?? '');
  const [login, setLogin] = useState(client.hr.login ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState(false);
  const { save, saving } = useSaveClient(client._id, (e) => setErrors(Object.fromEntries(Object.entries(e).map(([k, m]) => [k.replace(/^hr\./, ''), m]))));
  const connected = !!(client.hr.url || client.hr.login);
  return (
    <form
      className="ui-card"
      data-testid="integrations-tab"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save({ hr: { url: orNull(url), login: orNull(login), ...(password ? { password } : {}) } }).then((ok) => ok && setPassword(''));
      }}
    >
      <h2 className="people-section-title">{t('settings.hr.title')}</h2>
      <p className="people-muted">{t('settings.hr.text')}</p>
      {!client.taxNumber ? (
        <Alert kind="info" testId="hr-no-tax">
          {t('settings.hr.needsTax')}
        </Alert>
      ) : null}
      <FormGrid>
        <Input
          id="hr-url"
          data-testid="hr-url"
          type="url"
          wide
          label={t('settings.hr.url')}
          placeholder="https://"
          value={url}
          error={errors.url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Input
          id="hr-login"
          data-testid="hr-login"
          label={t('settings.hr.login')}
          autoComplete="off"
          value={login}
          error={errors.login}
          onChange={(e) => setLogin(e.target.value)}
        />
        <Input
          id="hr-password"
          data-testid="hr-password"
          type="password"
          autoComplete="new-password"
          label={t('settings.hr.password')}
          hint={t('settings.hr.passwordHint')}
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormGrid>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button type="submit" loading={saving} data-testid="hr-save">
          {t('settings.save')}
        </Button>
        {connected ? (
          <Button variant="danger" disabled={saving} onClick={() => setConfirm(true)} data-testid="hr-disconnect">
            {t('settings.hr.disconnect')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirm}
        message={t('settings.hr.disconnectConfirm')}
        confirmLabel={t('settings.hr.disconnect')}
        onCancel={() => setConfirm(false)}
        onConfirm={async () => {
          if (await save({ hr: { url: null, login: null, password: null } })) setConfirm(false);
        }}
        testId="hr-disconnect-confirm"
      />
    </form>
  );
}
