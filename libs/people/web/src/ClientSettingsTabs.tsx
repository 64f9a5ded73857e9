import { useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { peopleText } from './locales.ts';
import { clientUpdate, type Client } from '@intranet/clients-contract';
import { peopleEvents, type ImportProgressEvent } from '@intranet/people-contract';
import type { HrCheckResult } from '@intranet/people-contract/structure';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, FormField, SubmitRow, useApiForm, type FieldValues } from '@intranet/web-forms';
import { errorText, PageLoadError, pageLoadKind } from '@intranet/web-i18n';
import { useRealtimeEvent } from '@intranet/web-session';
import { useClient } from './api/client-get.ts';
import { clientSaved, updateClient } from './api/client-update.ts';
import { peopleKeys } from './api/keys.ts';
import { checkHrConnection } from './api/structure-hr-check.ts';
import { loadStructureFromHr } from './api/structure-load-struct.ts';
import { loadEmployeesFromHr } from './api/user-load-hrm.ts';
import { Alert, Button, Checkbox, ConfirmDialog, ErrorState, FormGrid, Loader, ProgressBar, useNotifier } from '@intranet/web-ui';

/**
 * The employee administration tabs of §2 whose data the clients service holds (§3 Client): "company data",
 * "other settings" and "integrations" (HR system). Each loads the client fresh (GET api/clients/{id}: loading,
 * no-access/not-found page, error with Retry) and saves with PUT api/clients/{id} through one `useApiForm` over the
 * contract's clientUpdate (§5 limits checked before sending and by the server; field errors under the fields, other
 * errors above the form, in the user's language).
 */

type Patch = Record<string, unknown>;

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

/** The PUT api/clients/{id} body a tab's values make (the contract's clientUpdate checks it). */
type BodyOf<V> = (values: V) => Patch;

/**
 * One tab's form: `useApiForm` over the contract's `clientUpdate` fed with `bodyOf(values)` (§5 limits worded in the
 * user's language under the fields, before sending and from the server; other errors above the form), saving with
 * PUT api/clients/{id}; the tab's query and the session's copy of the client take the answer, then `onSaved` runs.
 * A server field error names a body path: shown under the form field of that path, else above the form.
 */
function useClientForm<V extends FieldValues>(client: Client, defaultValues: V, bodyOf: BodyOf<V>, onSaved?: () => void) {
  const qc = useQueryClient();
  const notifier = useNotifier();
  const { t } = peopleText.useT();
  return useApiForm({
    schema: z.preprocess((v) => bodyOf(v as V), clientUpdate) as unknown as z.ZodType<Record<string, unknown>, V>,
    defaultValues: defaultValues as never,
    onSubmit: async (body) => {
      clientSaved(qc, await updateClient(client._id, body as never));
      notifier.toast(t('settings.saved'));
      onSaved?.();
    },
  });
}

/** '' → null, so an emptied field clears the stored value. */
const orNull = (s: string) => (s.trim() === '' ? null : s);

const COMPANY_FIELDS = ['name', 'fullName', 'city', 'phone', 'address', 'director', 'telegram', 'taxNumber'] as const;
type CompanyField = (typeof COMPANY_FIELDS)[number];
type CompanyValues = Record<CompanyField, string>;

/** "Company data" tab (§2, §3 Client). Test ids: company-tab, company-<field>, company-save. */
export function CompanyDataTab({ clientId }: { clientId: string }) {
  return (
    <WithClient id={clientId} testId="company-tab">
      {(c) => <CompanyDataForm key={c._id} client={c} />}
    </WithClient>
  );
}

const companyBody: BodyOf<CompanyValues> = (v) => ({
  name: v.name,
  ...Object.fromEntries(COMPANY_FIELDS.filter((f) => f !== 'name').map((f) => [f, orNull(v[f])])),
});

function CompanyDataForm({ client }: { client: Client }) {
  const { t } = peopleText.useT();
  const form = useClientForm(client, Object.fromEntries(COMPANY_FIELDS.map((f) => [f, client[f] ?? ''])) as CompanyValues, companyBody);
  return (
    <ApiFormView form={form} className="ui-card" data-testid="company-tab" errorTestId="company-error">
      <h2 className="people-section-title">{t('tabs.company')}</h2>
      <FormGrid>
        {COMPANY_FIELDS.map((f) => (
          <FormField
            key={f}
            form={form}
            name={f}
            id={`company-${f}`}
            label={t(`settings.company.${f}`)}
            required={f === 'name'}
            wide={f === 'fullName' || f === 'address'}
          />
        ))}
      </FormGrid>
      <SubmitRow form={form} label={t('settings.save')} testId="company-save" />
    </ApiFormView>
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

type OtherValues = { lang: string; start_page: string; hideMoodMeter: boolean };

function OtherSettingsForm({ client }: { client: Client }) {
  const { t } = peopleText.useT();
  const form = useClientForm<OtherValues>(
    client,
    { lang: client.lang === 'ua' ? 'uk' : client.lang, start_page: client.start_page || 'company', hideMoodMeter: client.settings.hideMoodMeter },
    (v) => ({ lang: v.lang, start_page: v.start_page, settings: { hideMoodMeter: v.hideMoodMeter, initialRights: client.settings.initialRights } }),
  );
  const start = client.start_page || 'company';
  const starts = START_PAGES.includes(start as (typeof START_PAGES)[number]) ? START_PAGES : [...START_PAGES, start];
  return (
    <ApiFormView form={form} className="ui-card" data-testid="other-tab" errorTestId="other-error">
      <h2 className="people-section-title">{t('tabs.other')}</h2>
      <FormGrid>
        <FormField
          form={form}
          name="lang"
          id="other-lang"
          label={t('settings.other.lang')}
          choices={(['ru', 'uk', 'en'] as const).map((l) => ({ value: l, label: t(`settings.other.langs.${l}`) }))}
        />
        <FormField
          form={form}
          name="start_page"
          id="other-start"
          label={t('settings.other.start')}
          choices={starts.map((p) => ({
            value: p,
            label: (START_PAGES as readonly string[]).includes(p) ? t(`settings.other.starts.${p as (typeof START_PAGES)[number]}`) : p,
          }))}
        />
      </FormGrid>
      <Checkbox label={t('settings.other.hideMood')} {...form.register('hideMoodMeter')} data-testid="other-mood" />
      <SubmitRow form={form} label={t('settings.save')} testId="other-save" />
    </ApiFormView>
  );
}

/**
 * "Integrations" tab (§2; §3 Client HR-system address, login, password; §5 "HR integration needs tax id"): the
 * password is write-only (blank keeps the stored one); Disconnect clears all three after confirmation.
 * Test ids: integrations-tab, hr-url, hr-login, hr-password, hr-save, hr-disconnect, hr-no-tax; once connected (with a
 * tax id) the import panel: hr-check, hr-check-result, hr-load-struct, hr-load-staff, hr-report.
 */
export function IntegrationsTab({ clientId }: { clientId: string }) {
  return (
    <WithClient id={clientId} testId="integrations-tab">
      {(c) => (
        <>
          <IntegrationsForm key={`${c._id}:${c.hr.url}:${c.hr.login}`} client={c} />
          {c.hr.url && c.taxNumber ? <HrImportPanel clientId={c._id} /> : null}
        </>
      )}
    </WithClient>
  );
}

type HrValues = { hr: { url: string; login: string; password: string }; disconnect: boolean };

/**
 * The hr part of the PUT body: blanks clear the address and login, a blank password keeps the stored one;
 * `disconnect` clears all three.
 */
const hrBody: BodyOf<HrValues> = ({ hr, disconnect }) => ({
  hr: disconnect
    ? { url: null, login: null, password: null }
    : { url: orNull(hr.url), login: orNull(hr.login), ...(hr.password ? { password: hr.password } : {}) },
});

function IntegrationsForm({ client }: { client: Client }) {
  const { t } = peopleText.useT();
  const [confirm, setConfirm] = useState(false);
  const form = useClientForm<HrValues>(
    client,
    { hr: { url: client.hr.url ?? '', login: client.hr.login ?? '', password: '' }, disconnect: false },
    hrBody,
    // The password is write-only: a saved one is not shown again.
    () => form.resetField('hr.password', { defaultValue: '' }),
  );
  // Disconnect (after the confirmation): the same form's save with all three cleared; an error shows above the form.
  const disconnect = async () => {
    form.setValue('disconnect', true);
    await form.submit();
    form.setValue('disconnect', false);
    setConfirm(false);
  };
  const connected = !!(client.hr.url || client.hr.login || client.hr.hasPassword);
  return (
    <ApiFormView form={form} className="ui-card" data-testid="integrations-tab" errorTestId="hr-error">
      <h2 className="people-section-title">{t('settings.hr.title')}</h2>
      <p className="people-muted">{t('settings.hr.text')}</p>
      {!client.taxNumber ? (
        <Alert kind="info" testId="hr-no-tax">
          {t('settings.hr.needsTax')}
        </Alert>
      ) : null}
      <FormGrid>
        <FormField form={form} name="hr.url" id="hr-url" type="url" wide label={t('settings.hr.url')} placeholder="https://" />
        <FormField form={form} name="hr.login" id="hr-login" label={t('settings.hr.login')} autoComplete="off" />
        <FormField
          form={form}
          name="hr.password"
          id="hr-password"
          type="password"
          autoComplete="new-password"
          label={t('settings.hr.password')}
          hint={t(client.hr.hasPassword ? 'settings.hr.passwordHint' : 'settings.hr.passwordNone')}
        />
      </FormGrid>
      <SubmitRow form={form} label={t('settings.save')} testId="hr-save">
        {connected ? (
          <Button variant="danger" disabled={form.busy} onClick={() => setConfirm(true)} data-testid="hr-disconnect">
            {t('settings.hr.disconnect')}
          </Button>
        ) : null}
      </SubmitRow>
      <ConfirmDialog
        open={confirm}
        message={t('settings.hr.disconnectConfirm')}
        confirmLabel={t('settings.hr.disconnect')}
        onCancel={() => setConfirm(false)}
        onConfirm={disconnect}
        testId="hr-disconnect-confirm"
      />
    </ApiFormView>
  );
}

type HrReport = { created: number; updated: number; unchanged: number; fired?: number; failed: { name: string; reason: string }[] };

/**
 * Loads the structure (POST api/structure/load_struct) or the employees (POST api/user/load_hrm) from the connected
 * HR system and shows the report: created / updated / unchanged / fired / failed rows (§8 loading_struct_hrm_error
 * worded when the HR system does not answer). While employees load, the server's `evt.people.import.progress` events
 * of this import (its importId) move a progress bar with the counts so far. "Test the connection" (POST
 * api/structure/hr_check) reads the saved connection once and says how many departments the HR system has, or why it
 * failed (login or password refused, no OData at the address, no answer). Test ids: hr-check, hr-check-result,
 * hr-import-progress, hr-report.
 */
function HrImportPanel({ clientId }: { clientId: string }) {
  const { t } = peopleText.useT();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<'struct' | 'staff' | 'check' | null>(null);
  const [checked, setChecked] = useState<HrCheckResult | null>(null);
  const [report, setReport] = useState<HrReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<ImportProgressEvent | null>(null);
  const importId = useRef<string | null>(null);
  useRealtimeEvent<ImportProgressEvent>(peopleEvents.importProgress.subject, (e) => {
    if (importId.current && e.importId === importId.current) setProgress(e);
  });
  const run = async (what: 'struct' | 'staff') => {
    setBusy(what);
    setError(null);
    setReport(null);
    setChecked(null);
    setProgress(null);
    importId.current = what === 'staff' ? crypto.randomUUID() : null;
    try {
      setReport(what === 'struct' ? await loadStructureFromHr(clientId) : await loadEmployeesFromHr(clientId, importId.current!));
      await qc.invalidateQueries({ queryKey: peopleKeys.all });
    } catch (err) {
      setError(errorText(err));
    } finally {
      importId.current = null;
      setProgress(null);
      setBusy(null);
    }
  };
  const test = async () => {
    setBusy('check');
    setError(null);
    setChecked(null);
    try {
      setChecked(await checkHrConnection(clientId));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  const c = progress?.counts;
  return (
    <section className="ui-card" data-testid="hr-import">
      <h2 className="people-section-title">{t('settings.hr.importTitle')}</h2>
      <div className="ui-form-actions">
        <Button variant="secondary" loading={busy === 'check'} disabled={!!busy} onClick={() => void test()} data-testid="hr-check">
          {t('settings.hr.check')}
        </Button>
        <Button loading={busy === 'struct'} disabled={!!busy} onClick={() => void run('struct')} data-testid="hr-load-struct">
          {t('settings.hr.loadStruct')}
        </Button>
        <Button loading={busy === 'staff'} disabled={!!busy} onClick={() => void run('staff')} data-testid="hr-load-staff">
          {t('settings.hr.loadStaff')}
        </Button>
      </div>
      {busy === 'staff' && progress ? (
        <div role="status">
          <ProgressBar
            value={progress.total ? Math.round((progress.done / progress.total) * 100) : 0}
            label={t('settings.hr.progress', { done: progress.done, total: progress.total })}
            testId="hr-import-progress"
          />
          {c ? <p className="people-muted">{t('settings.hr.report', { ...c })}</p> : null}
        </div>
      ) : null}
      {checked ? (
        <Alert kind={checked.ok ? 'success' : 'error'} testId="hr-check-result">
          {checked.ok
            ? t('settings.hr.checkOk', { count: checked.departments ?? 0 })
            : {
                unauthorized: t('settings.hr.checkFailed.unauthorized'),
                not_found: t('settings.hr.checkFailed.not_found'),
                unreachable: t('settings.hr.checkFailed.unreachable'),
                status: t('settings.hr.checkFailed.status', { status: checked.status ?? '' }),
                not_odata: t('settings.hr.checkFailed.not_odata'),
              }[checked.reason ?? 'unreachable']}
        </Alert>
      ) : null}
      {error ? (
        <Alert kind="error" testId="hr-import-error">
          {error}
        </Alert>
      ) : null}
      {report ? (
        <div data-testid="hr-report" role="status">
          <p>
            {t('settings.hr.report', {
              created: report.created,
              updated: report.updated,
              unchanged: report.unchanged,
              fired: report.fired ?? 0,
              failed: report.failed.length,
            })}
          </p>
          {report.failed.length ? (
            <ul>
              {report.failed.slice(0, 50).map((f, i) => (
                <li key={i}>
                  {f.name}: {f.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
