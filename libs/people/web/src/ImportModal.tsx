import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { peopleText } from './locales.ts';
import { UPLOAD_TEXT } from '@intranet/files-contract';
import { decodeCsvBytes, peopleEvents, type ImportProgressEvent } from '@intranet/people-contract';
import { V, z } from '@intranet/platform-contracts';
import type { UploadProgress } from '@intranet/web-api';
import { ApiFormView, SubmitRow, useApiForm } from '@intranet/web-forms';
import { Alert, Badge, Button, Checkbox, Modal, ProgressBar, Table } from '@intranet/web-ui';
import { CodedFailure, useErrorText } from '@intranet/web-i18n';
import { useRealtimeEvent } from '@intranet/web-session';
import { peopleKeys } from './api/keys.ts';
import { registerMany } from './api/user-register-many.ts';

/** Every CSV column POST /api/register_many accepts (README "CSV import columns"; a header row is required). */
export const CSV_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'middleName',
  'login',
  'password',
  'phone',
  'internalPhone',
  'position',
  'department',
  'cabinet',
  'city',
  'gender',
  'birthDate',
  'workingSince',
  'inn',
  'kpp',
  'organisation',
  'about',
  'lang',
  'chiefCode',
] as const;

const MAX_CSV_BYTES = 20_000_000;

type Report = {
  imported: number;
  failed: number;
  rows: {
    row: number;
    ok: boolean;
    email: string | null;
    noPassword?: boolean;
    errors?: { field: string; code: string; params?: Record<string, unknown>; message: string }[];
  }[];
};
type Phase =
  { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing'; done?: number; total?: number } | { kind: 'done'; report: Report };

/**
 * The dialog's form: the chosen CSV file, required and at most MAX_CSV_BYTES (§5 texts, worded by code in the
 * user's language). Its text becomes the `csv` of POST api/register_many, whose contract body checks the rest.
 */
const csvForm = z.object({
  file: z.custom<File>((f) => typeof File !== 'undefined' && f instanceof File, V.required).refine((f) => f.size <= MAX_CSV_BYTES, UPLOAD_TEXT.tooBig),
});

function templateHref(): string {
  const sample = [
    'Ivan',
    'Petrov',
    'ivan.petrov@example.com',
    'Ivanovich',
    'ipetrov',
    'secret123',
    '+380501234567',
    '1234',
    'Engineer',
    'IT',
    '305',
    'Kyiv',
    'man',
    '1990-05-17',
    '2020-01-09',
    '1234567890',
    '770101001',
    'Acme Ltd',
    'Likes chess',
    'en',
    'IT-01',
  ].join(',');
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`${CSV_COLUMNS.join(',')}\n${sample}\n`)}`;
}

/**
 * CSV import of employees (§7 register_many): documents the columns, picks a file, uploads it with a progress bar
 * (XMLHttpRequest upload events), then the server's row progress (`evt.people.import.progress` events of this
 * dialog's `importId` on the shared realtime socket; without events just "processing") and shows the per-row report `{imported, failed, rows}` with the reasons of each
 * bad row. Test ids: csv-file-input, csv-upload, import-progress, import-summary, import-row-<row> (with
 * data-ok="true|false"), import-row-<row>-errors, import-again. The file and its sending are one `useApiForm`
 * (busy while uploading and processing; the file's errors under it, others in import-error, in the user's language).
 */
export function ImportModal({ clientId, onClose }: { clientId?: string; onClose: () => void }) {
  const { t } = peopleText.useT();
  const word = useErrorText();
  const qc = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [onlyErrors, setOnlyErrors] = useState(false);
  // The importId of the running upload; progress events of other imports (other tabs, other admins) are ignored.
  const importIdRef = useRef<string | null>(null);

  useRealtimeEvent<ImportProgressEvent>(peopleEvents.importProgress.subject, (e) => {
    if (!importIdRef.current || e.importId !== importIdRef.current) return;
    setPhase((p) => (p.kind === 'uploading' || p.kind === 'processing' ? { kind: 'processing', done: e.done, total: e.total } : p));
  });

  const form = useApiForm({
    schema: csvForm,
    defaultValues: { file: undefined },
    // The body's csv is the file: its errors (e.g. the size) belong under the file input.
    serverField: (f) => (f === 'csv' || f === 'csvBase64' ? 'file' : null),
    onSubmit: async ({ file }) => {
      let csv: string;
      try {
        // UTF-8 when the bytes are valid UTF-8, else Windows-1251 (Excel's Cyrillic CSV), as the server decides.
        csv = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
      } catch {
        throw new CodedFailure('csvUnreadable');
      }
      const importId = crypto.randomUUID();
      importIdRef.current = importId;
      setPhase({ kind: 'uploading', percent: 0 });
      // Late upload events never take the bar back from the server's row progress.
      const onProgress = (u: UploadProgress) =>
        setPhase((p) => (p.kind === 'processing' ? p : u.percent >= 100 ? { kind: 'processing' } : { kind: 'uploading', percent: u.percent }));
      try {
        const body = clientId ? { csv, client_id: clientId, importId } : { csv, importId };
        const report = await registerMany(body, onProgress);
        setPhase({ kind: 'done', report });
        void qc.invalidateQueries({ queryKey: peopleKeys.all });
      } catch (err) {
        setPhase({ kind: 'idle' });
        throw err;
      } finally {
        importIdRef.current = null;
      }
    },
  });
  const busy = form.busy;
  const file = form.watch('file');
  const fileError = form.errorOf('file');

  const reset = () => {
    form.reset({ file: undefined });
    setPhase({ kind: 'idle' });
    if (fileRef.current) fileRef.current.value = '';
  };

  const rows = useMemo(() => (phase.kind === 'done' ? phase.report.rows.filter((r) => !onlyErrors || !r.ok) : []), [phase, onlyErrors]);

  return (
    <Modal
      open
      title={t('csv.title')}
      onClose={onClose}
      width={820}
      testId="import-modal"
      dismissible={!busy}
      footer={
        <Button variant="secondary" onClick={onClose} disabled={busy} data-testid="import-close">
          {t('common:close')}
        </Button>
      }
    >
      <div className="people-csv-doc" data-testid="csv-columns">
        <p>{t('csv.columns')}</p>
        <code className="people-code" tabIndex={0}>
          {CSV_COLUMNS.join(',')}
        </code>
        <p className="people-muted">{t('csv.columnsHelp')}</p>
        <p className="people-muted">{t('csv.noPasswordHelp')}</p>
        <a href={templateHref()} download="employees-template.csv" data-testid="csv-template">
          {t('csv.template')}
        </a>
      </div>

      {phase.kind !== 'done' ? (
        <ApiFormView form={form} errorTestId="import-error" className="people-csv-pick" aria-label={t('csv.title')}>
          <label className="ui-field__label" htmlFor="csv-file">
            {t('csv.file')}
          </label>
          <input
            ref={fileRef}
            id="csv-file"
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? 'csv-file-error' : undefined}
            onChange={(e) => {
              // A chosen file is checked at once (its size); no file just disables Upload.
              const picked = e.target.files?.[0];
              form.setValue('file', picked as File, { shouldValidate: !!picked });
              if (!picked) form.clearErrors('file');
              form.setFormError(null);
            }}
            data-testid="csv-file-input"
          />
          <SubmitRow form={form} label={t('csv.upload')} disabled={!file} testId="csv-upload" />
          {fileError ? (
            <div id="csv-file-error" className="ui-field__error" role="alert" data-testid="csv-file-error">
              {fileError}
            </div>
          ) : null}
        </ApiFormView>
      ) : null}

      {phase.kind === 'uploading' ? (
        <ProgressBar value={phase.percent} label={t('csv.uploading', { percent: phase.percent })} testId="import-progress" />
      ) : null}
      {phase.kind === 'processing' ? (
        phase.total ? (
          <ProgressBar
            value={Math.min(100, Math.round(((phase.done ?? 0) / phase.total) * 100))}
            label={t('csv.processingRows', { done: phase.done ?? 0, total: phase.total })}
            testId="import-progress"
          />
        ) : (
          <ProgressBar value={100} label={t('csv.processing')} testId="import-progress" />
        )
      ) : null}

      {phase.kind === 'done' ? (
        <div className="people-report">
          <Alert kind={phase.report.failed ? 'info' : 'success'} testId="import-summary">
            {t('csv.summary', { imported: phase.report.imported, failed: phase.report.failed })}
          </Alert>
          <div className="ui-toolbar">
            <Checkbox label={t('csv.onlyErrors')} checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} data-testid="import-only-errors" />
            <span className="ui-toolbar__spacer" />
            <Button variant="secondary" size="small" onClick={reset} data-testid="import-again">
              {t('csv.again')}
            </Button>
          </div>
          <Table
            testId="import-report"
            columns={[
              { key: 'row', header: t('csv.row'), render: (r) => r.row, width: 70 },
              { key: 'email', header: t('csv.email'), render: (r) => r.email ?? '—' },
              {
                key: 'result',
                header: t('csv.result'),
                render: (r) =>
                  r.ok ? (
                    <>
                      <Badge tone="success">{t('csv.ok')}</Badge>
                      {r.noPassword ? (
                        <div className="people-muted" data-testid={`import-row-${r.row}-nopassword`}>
                          {t('csv.noPassword')}
                        </div>
                      ) : null}
                    </>
                  ) : (
                    <Badge tone="danger">{t('csv.failed')}</Badge>
                  ),
                width: 170,
              },
              {
                key: 'errors',
                header: '',
                render: (r) =>
                  r.errors?.length ? (
                    <ul className="people-row-errors" data-testid={`import-row-${r.row}-errors`}>
                      {r.errors.map((e, i) => (
                        <li key={i}>
                          <strong>{e.field === 'csv' ? t('csv.record') : e.field}</strong>: {word(e)}
                        </li>
                      ))}
                    </ul>
                  ) : null,
              },
            ]}
            rows={rows}
            rowKey={(r) => String(r.row)}
            rowTestId={(r) => `import-row-${r.row}`}
            rowAttrs={(r) => ({ 'data-ok': String(r.ok) })}
          />
        </div>
      ) : null}
    </Modal>
  );
}
