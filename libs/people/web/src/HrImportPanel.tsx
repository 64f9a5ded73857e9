import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { peopleText } from './locales.ts';
import { peopleEvents, type ImportProgressEvent } from '@intranet/people-contract';
import type { HrCheckResult } from '@intranet/people-contract/structure';
import { errorText } from '@intranet/web-i18n';
import { useRealtimeEvent } from '@intranet/web-session';
import { peopleKeys } from './api/keys.ts';
import { checkHrConnection } from './api/structure-hr-check.ts';
import { loadStructureFromHr } from './api/structure-load-struct.ts';
import { loadEmployeesFromHr } from './api/user-load-hrm.ts';
import { Alert, Button, ProgressBar } from '@intranet/web-ui';

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
export function HrImportPanel({ clientId }: { clientId: string }) {
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
