import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { bpText } from './locales.ts';
import { bpRoutes, BP_LIMITS, fileNameOf, type Field, type FieldValue, type RequestListItem, type RequestStatus } from '@intranet/bp-contract';
import { fileRoutes } from '@intranet/files-contract';
import { call, isApiError, upload } from '@intranet/web-api';
import { useErrorText, useFormatDate } from '@intranet/web-i18n';
import { LoadError as SharedLoadError, NeedSession, useRealtimeEvent, useSession } from '@intranet/web-session';
import { Badge, Button, Checkbox, Input, ProgressBar, Select, TextArea, useNotifier } from '@intranet/web-ui';
import { peopleSearch, useUserNames } from '@intranet/web-session/people';
import { UserPicker } from '@intranet/web-ui/widgets';

/** The current client, user and role flags the services pages need. */
export function useBp() {
  const s = useSession();
  return { clientId: s.client?._id ?? s.user?.client_id ?? null, uid: s.uid, workspace: s.workspace, isAdmin: s.isAdmin, status: s.status };
}

/** Query keys of this module (invalidate `bpKeys.all` after any change). */
export const bpKeys = {
  all: ['bp'] as const,
  catalogue: (q: string) => ['bp', 'catalogue', q] as const,
  runned: (q: Record<string, unknown>) => ['bp', 'runned', q] as const,
  service: (id: string) => ['bp', 'service', id] as const,
  request: (id: string) => ['bp', 'request', id] as const,
  templates: (bp: string) => ['bp', 'templates', bp] as const,
  groups: ['bp', 'groups'] as const,
};

/** Loading until the session is known; an empty state without a workspace. */
export function NeedClient({ children }: { children: ReactNode }) {
  const { t } = bpText.useT();
  return <NeedSession noClient={{ title: t('noClient'), testId: 'bp-no-client' }}>{children}</NeedSession>;
}

/** A failed load: 403 not available, 404 not found, no answer → §8 'No response from server', else worded from its code. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = bpText.useT();
  const errorText = useErrorText();
  return (
    <SharedLoadError
      error={error}
      onRetry={onRetry}
      testId="bp"
      back={<Link to="/services">{t('title')}</Link>}
      noAccess={{ title: errorText(error) || t('noAccess') }}
      notFound={{ title: t('notFound') }}
      notFoundOn400={false}
      noAnswer={t('loadError')}
    />
  );
}

/** Field path → worded error of an API error's field errors (`values.<fieldId>`, `steps.0.name`, ...). */
export function useFieldErrors(error: unknown): { fields: Record<string, string>; other: string | null } {
  const errorText = useErrorText();
  if (!error) return { fields: {}, other: null };
  if (isApiError(error) && error.fields.length) {
    const fields: Record<string, string> = {};
    for (const f of error.fields) fields[f.field] ??= errorText(f);
    return { fields, other: null };
  }
  return { fields: {}, other: errorText(error) };
}

/**
 * Calls `handler` on every request event the server relays to the user (started, step assigned, accepted, declined,
 * finished, overdue): the lists and the request page read again, so a change made by someone else shows live.
 */
export function useRequestEvents(handler: (payload: { requestId?: string }) => void): void {
  useRealtimeEvent('evt.bp.request.started', handler);
  useRealtimeEvent('evt.bp.step.assigned', handler);
  useRealtimeEvent('evt.bp.step.accepted', handler);
  useRealtimeEvent('evt.bp.step.declined', handler);
  useRealtimeEvent('evt.bp.request.finished', handler);
  useRealtimeEvent('evt.bp.request.overdue', handler);
  useRealtimeEvent('evt.bp.request.commented', handler);
}

export function StatusBadge({ status, overdue }: { status: RequestStatus; overdue?: boolean }) {
  const { t } = bpText.useT();
  return (
    <>
      <Badge>
        <span data-testid="bp-status" data-status={status}>
          {t(`status.${status}`)}
        </span>
      </Badge>
      {overdue ? (
        <Badge>
          <span className="bp-overdue" data-testid="bp-overdue">
            {t('overdue')}
          </span>
        </Badge>
      ) : null}
    </>
  );
}

/** A user's full name (GET api/user/{id}), '…' while loading. */
export function UserName({ id }: { id: string }) {
  return <>{useUserNames([id]).get(id)}</>;
}

/**
 * Choose one or several employees (ids): the shared picker of `@intranet/web-ui/widgets` searching the people filter
 * (POST api/user/filter, 2+ symbols; suggestions show the department, else the e-mail) and the chosen ones as
 * removable chips named from GET api/user/{id}. `id` is the input's id (the error: `${id}-error`); test ids: `testId`,
 * `<testId>-search`, `<testId>-option-<userId>`, `<testId>-chip-<userId>`.
 */
export function PeoplePicker({
  value,
  onChange,
  multiple,
  label,
  error,
  testId,
  id,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  multiple: boolean;
  label: ReactNode;
  error?: string | null;
  testId?: string;
  id?: string;
}) {
  const { t } = bpText.useT();
  const errorText = useErrorText();
  const { workspace } = useBp();
  const names = useUserNames(value);
  const picked = value.map((uid) => ({ _id: uid, name: names.get(uid) ?? '…' }));
  const search = peopleSearch({ workspace, detail: (u) => u.department || u.email, errorText });
  return (
    <UserPicker
      label={label}
      error={error}
      value={picked}
      onChange={(v) => onChange(v.map((u) => u._id))}
      single={!multiple}
      minChars={2}
      placeholder={t('editor.findUser')}
      search={search}
      testId={testId}
      id={id ?? testId}
    />
  );
}

/** The input of one form field by its type (§3 field types); `id` prefixes the control's id (errors: `${id}-error`). */
export function FieldInput({
  field,
  value,
  onChange,
  error,
  id,
}: {
  field: Field;
  value: FieldValue | undefined;
  onChange: (v: FieldValue) => void;
  error?: string;
  id: string;
}) {
  const { t } = bpText.useT();
  const common = { id, label: field.name, required: field.required, error: error ?? null };
  const str = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'text':
      return <TextArea {...common} value={str} onChange={(e) => onChange(e.target.value)} wide />;
    case 'number':
      return (
        <Input
          {...common}
          type="number"
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        />
      );
    case 'date':
      return <Input {...common} type="date" value={str} onChange={(e) => onChange(e.target.value)} />;
    case 'period': {
      const p = value && typeof value === 'object' && !Array.isArray(value) ? value : { from: '', to: '' };
      return (
        <fieldset className="bp-period">
          <legend>{field.name}</legend>
          <Input id={`${id}-from`} label={t('editor.from')} type="date" value={p.from} onChange={(e) => onChange({ ...p, from: e.target.value })} />
          <Input id={id} label={t('editor.to')} type="date" value={p.to} error={error ?? null} onChange={(e) => onChange({ ...p, to: e.target.value })} />
        </fieldset>
      );
    }
    case 'select':
      return (
        <Select
          {...common}
          value={str}
          onChange={(e) => onChange(e.target.value)}
          options={[{ value: '', label: '—' }, ...(field.options ?? []).map((o) => ({ value: o, label: o }))]}
        />
      );
    case 'checkbox':
      return (
        <div>
          <Checkbox id={id} label={field.name} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {error ? (
            <div className="ui-field__error" role="alert" data-testid={`${id}-error`}>
              {error}
            </div>
          ) : null}
        </div>
      );
    case 'user':
    case 'users':
      return (
        <PeoplePicker
          label={field.name}
          error={error ?? null}
          multiple={field.type === 'users'}
          value={Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []}
          onChange={(ids) => onChange(field.type === 'users' ? ids : (ids[0] ?? null))}
          testId={id}
          id={id}
        />
      );
    case 'file':
      return <FileInput field={field} id={id} value={str} error={error} onChange={onChange} />;
    case 'phone':
      return <Input {...common} type="tel" value={str} onChange={(e) => onChange(e.target.value)} />;
    case 'email':
      return <Input {...common} type="email" value={str} onChange={(e) => onChange(e.target.value)} />;
    case 'string': {
      // Never cut silently (issue 29 §14): the count shows the §9 limit, and past it the §5 text the server answers.
      const n = str.trim().length;
      return (
        <Input
          {...common}
          value={str}
          hint={t('request.counter', { n, max: BP_LIMITS.string })}
          error={error ?? (n > BP_LIMITS.string ? t('bpCodes:bpStringMax', { max: BP_LIMITS.string }) : null)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    }
    default:
      return <Input {...common} value={str} onChange={(e) => onChange(e.target.value)} />;
  }
}

/**
 * A file field: uploads the chosen file (POST api/upload?kind=file, with progress hidden 1.5 s after it ends, §7
 * Upload) and keeps its storage key as the value; the server checks the key is the caller's own upload (§5).
 */
function FileInput({ field, id, value, error, onChange }: { field: Field; id: string; value: string; error?: string; onChange: (v: FieldValue) => void }) {
  const { t } = bpText.useT();
  const errorText = useErrorText();
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const pick = async (list: FileList | null) => {
    const f = list?.[0];
    if (!f) return;
    const fd = new FormData();
    fd.append('file', f, f.name);
    setFailed(null);
    setProgress(0);
    try {
      const r = await upload(fileRoutes.fileUpload, fd, (p) => setProgress(p.percent), { query: { kind: 'file' }, silent: true });
      onChange(r.results[0]?.key ?? null);
    } catch (e) {
      setFailed(errorText(e));
    } finally {
      setTimeout(() => setProgress(null), 1500);
    }
  };
  const shown = error ?? failed;
  return (
    <div className="ui-field" data-testid={`${id}-file`}>
      <label htmlFor={id} className="ui-field__label">
        {field.name}
        {field.required ? ' *' : ''}
      </label>
      {value ? (
        <p className="bp-file">
          <span data-testid={`${id}-name`}>{fileNameOf(value)}</span>{' '}
          <Button variant="ghost" size="small" onClick={() => onChange(null)} aria-label={t('request.removeFile', { name: fileNameOf(value) })}>
            ×
          </Button>
        </p>
      ) : null}
      <input
        id={id}
        type="file"
        aria-describedby={shown ? `${id}-error` : undefined}
        aria-invalid={shown ? true : undefined}
        onChange={(e) => {
          void pick(e.target.files);
          e.target.value = '';
        }}
      />
      {progress !== null ? <ProgressBar value={progress} label={t('request.uploading')} /> : null}
      {shown ? (
        <div className="ui-field__error" role="alert" id={`${id}-error`} data-testid={`${id}-error`}>
          {shown}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The services pages' two date formats (issue 29 §18: the request page mixed three): a day, and a moment (day and
 * time), both in the user's locale through Intl (useFormatDate); never a raw ISO or UTC string.
 */
export const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
export const MOMENT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A stored value as text (dates and periods in the user's locale; users by name from `names`; files as links from `files`). */
export function ValueText({
  field,
  value,
  names,
  files = {},
}: {
  field: Field;
  value: FieldValue | undefined;
  names: Record<string, string>;
  files?: Record<string, string>;
}) {
  const { t } = bpText.useT();
  const fmt = useFormatDate();
  if (value === undefined || value === null || value === '') return <>—</>;
  if (field.type === 'date' && typeof value === 'string') return <>{fmt(value, DAY) || value}</>;
  if (field.type === 'file' && typeof value === 'string')
    return files[value] ? (
      <a href={files[value]} target="_blank" rel="noopener noreferrer" download={fileNameOf(value)}>
        {fileNameOf(value)}
      </a>
    ) : (
      <>{fileNameOf(value)}</>
    );
  if (field.type === 'checkbox') return <>{value ? t('request.yes') : t('request.no')}</>;
  if (field.type === 'user' && typeof value === 'string') return <>{names[value] ?? <UserName id={value} />}</>;
  if (Array.isArray(value))
    return (
      <>
        {value.map((id, i) => (
          <span key={id}>
            {i ? ', ' : ''}
            {field.type === 'users' ? (names[id] ?? <UserName id={id} />) : id}
          </span>
        ))}
      </>
    );
  if (typeof value === 'object') return <>{`${fmt(value.from, DAY) || value.from} — ${fmt(value.to, DAY) || value.to}`}</>;
  return <>{String(value)}</>;
}

export { Button };

/** One request in a list: its name (a link to it), status, turn, start, current step, due date; `initiator` shows who started it. */
export function RequestRow({ r, mine, initiator }: { r: RequestListItem; mine: boolean; initiator?: boolean }) {
  const { t } = bpText.useT();
  const fmt = useFormatDate();
  return (
    <li className={`ui-card bp-card${r.overdue ? ' bp-card--overdue' : ''}`} data-testid={`bp-request-${r._id}`}>
      <div className="bp-card__head">
        <Link to={`/service/request/${r._id}`} className="bp-card__title">
          {r.name}
        </Link>
        <StatusBadge status={r.status} overdue={r.overdue} />
        {!mine && r.canPass ? <Badge>{t('yourTurn')}</Badge> : null}
      </div>
      <p className="bp-muted">
        {initiator ? (
          <>
            <UserName id={r.initiator} />
            {' · '}
          </>
        ) : null}
        {t('started', { date: fmt(r.created, DAY) })}
        {r.currentStepName ? ` · ${t('currentStep', { name: r.currentStepName })}` : ''}
        {r.due && r.status === 'active' ? ` · ${t('due', { date: fmt(r.due, DAY) })}` : ''}
      </p>
    </li>
  );
}

/**
 * Ask the administrators for a service (POST api/user/send_service_req): one the employee cannot find in the catalogue
 * (no `bp`), or the service `bp` they may not start yet. Test ids: bp-ask-form, bp-ask-text, bp-ask-send.
 */
export function AskForm({ bp }: { bp?: string }) {
  const { t } = bpText.useT();
  const notify = useNotifier();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => call(bpRoutes.sendServiceReq, { body: { text, ...(bp ? { bp } : {}) }, silent: true }),
    onSuccess: () => {
      setText('');
      notify.toast(t('asks.sent'));
    },
  });
  const errs = useFieldErrors(send.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  return (
    <form className="ui-card bp-ask" onSubmit={submit} data-testid="bp-ask-form" noValidate>
      <h2>{t('asks.title')}</h2>
      <p className="bp-muted">{t(bp ? 'asks.hintService' : 'asks.hint')}</p>
      <TextArea
        id="bp-ask-text"
        label={t('asks.text')}
        value={text}
        maxLength={BP_LIMITS.reason}
        onChange={(e) => setText(e.target.value)}
        error={errs.fields.text ?? errs.other}
        required
        wide
        data-testid="bp-ask-text"
      />
      <Button type="submit" loading={send.isPending} data-testid="bp-ask-send">
        {t('asks.send')}
      </Button>
    </form>
  );
}
