import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { peopleOrgText } from './locales.ts';
import { structureRoutes, type Vacation, type VacationRow, vacationEvents } from '@intranet/people-contract/structure';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { useRealtimeEvent, useSession } from '@intranet/web-session';
import { Badge, Button, ConfirmDialog, EmptyState, ErrorState, Input, Loader, Select, useNotifier, useDebounced } from '@intranet/web-ui';
import { peopleKeys } from './api/keys.ts';
import { useDepartments } from './api/structure-by-client.ts';
import { requestVacation } from './api/vacation-create.ts';
import { deleteVacation } from './api/vacation-delete.ts';
import { useVacations } from './api/vacation-list.ts';
import { approveVacation } from './api/vacation-update.ts';
import './org.css';
import { ManagerList } from './ManagerList.tsx';

const DAY = 86_400_000;
/** Months the timeline shows, from the first day of the current month. */
const MONTHS = 6;
const toTime = (d: string) => Date.parse(`${d}T00:00:00Z`);
const overlaps = (a: Vacation, b: Vacation) => a.start <= b.end && b.start <= a.end;

/** For each vacation id, the names of colleagues (in `rows`) whose vacations overlap it. */
function teamOverlaps(rows: VacationRow[]): Map<string, string[]> {
  const all = rows.flatMap((r) => r.vacations.map((v) => ({ v, name: r.fullName })));
  all.sort((a, b) => a.v.start.localeCompare(b.v.start));
  const out = new Map<string, string[]>();
  // Sweep by start: only vacations that started before this one ended can overlap it.
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length && all[j].v.start <= all[i].v.end; j++) {
      const a = all[i];
      const b = all[j];
      if (a.v.user === b.v.user || !overlaps(a.v, b.v)) continue;
      out.set(a.v._id, [...new Set([...(out.get(a.v._id) ?? []), b.name])]);
      out.set(b.v._id, [...new Set([...(out.get(b.v._id) ?? []), a.name])]);
    }
  }
  return out;
}

/**
 * /vacations (§2, right `vacations`): the team timeline (Gantt-like, six months) with each employee's remainder,
 * colleagues' overlaps marked, filters by department (its subtree) and search; the request form (§5 errors in the
 * user's language: overlap, balance, past date) and one's own vacations; whoever the server lets approve a colleague's
 * requests (vacations_edit, or their direct chief: the list's `approvable`) approves and deletes them, and nobody sees
 * Approve on their own. Changes by others arrive live (evt.people.vacation.*). Test ids: vacations-page, vac-dept, vac-search, vac-timeline, vac-row-<user id>, vac-bar-<id>,
 * vac-balance, vac-form, vac-start, vac-end, vac-submit, vac-form-error, vac-team-warning, vac-mine,
 * vac-delete-<id>, vac-approve-<id>.
 */
export default function VacationsPage() {
  const { t, i18n } = peopleOrgText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const { client, uid, hasRight } = useSession();
  const manager = hasRight('vacations_edit');
  const [dept, setDept] = useState('');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const list = useVacations(dept, debounced);
  const everyone = useVacations('', '');
  const depts = useDepartments(client?._id ?? '', undefined, !!client && hasRight('structures'));
  const [deleting, setDeleting] = useState<Vacation | null>(null);

  const fmt = useMemo(() => new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }), [i18n.language]);
  const range = (v: Vacation) => `${fmt.format(toTime(v.start))} – ${fmt.format(toTime(v.end))}`;
  const refresh = () => qc.invalidateQueries({ queryKey: peopleKeys.vacations() });
  // §4 Vacation added or deleted (and changed) anywhere in the workspace: the timeline follows at once.
  useRealtimeEvent(vacationEvents.vacationAdded.subject, refresh);
  useRealtimeEvent(vacationEvents.vacationUpdated.subject, refresh);
  useRealtimeEvent(vacationEvents.vacationDeleted.subject, refresh);

  const me = everyone.data?.users.find((u) => u._id === uid) ?? null;
  const rows = list.data?.users ?? [];
  // Whose requests the server lets this caller approve or delete (vacations_edit, or their direct chief).
  const approvable = useMemo(() => new Set(everyone.data?.approvable ?? []), [everyone.data]);
  const overlapNames = useMemo(() => teamOverlaps(everyone.data?.users ?? []), [everyone.data]);

  const form = useApiForm({
    schema: structureRoutes.vacationCreate.body,
    defaultValues: { start: '', end: '' },
    onSubmit: async (v) => {
      await requestVacation(v.start, v.end);
      notifier.toast(t('vacations.requested'));
      form.reset({ start: '', end: '' });
      await refresh();
    },
  });
  const [start, end] = form.watch(['start', 'end']);
  const teamWarning = useMemo(() => {
    if (!start || !end || end < start) return null;
    const asked = { start, end } as Vacation;
    const names = (everyone.data?.users ?? []).filter((u) => u._id !== uid && u.vacations.some((v) => overlaps(v, asked))).map((u) => u.fullName);
    return names.length ? names.slice(0, 5).join(', ') : null;
  }, [start, end, everyone.data, uid]);

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteVacation(deleting.user, deleting._id);
      notifier.toast(t('vacations.deleted'));
      setDeleting(null);
      await refresh();
    } catch (err) {
      // §8 del_vac_error: the server's message, else the network's.
      notifier.error(errorText(err));
      throw err;
    }
  };
  const approve = async (v: Vacation) => {
    try {
      await approveVacation(v._id);
      await refresh();
    } catch (err) {
      // §8 edit_vac_error.
      notifier.error(errorText(err));
    }
  };

  // Timeline window: the first day of this month and MONTHS months on (UTC days).
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const to = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + MONTHS, 1);
  const span = to - from;
  const pct = (ms: number) => `${(Math.min(Math.max(ms - from, 0), span) / span) * 100}%`;
  const months = Array.from({ length: MONTHS }, (_, i) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
  const monthFmt = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });

  const deptOptions = [
    { value: '', label: t('vacations.allDepts') },
    ...(depts.data ?? []).map((d) => ({ value: d._id, label: `${'\u2003'.repeat(d.depth)}${d.name} · ${t(`structure.kinds.${d.kind}`)}` })),
  ];

  return (
    <section className="org-page" data-testid="vacations-page">
      <h1 className="ui-page-title">{t('vacations.title')}</h1>
      <div className="vac-layout">
        <div className="vac-main">
          <div className="org-toolbar">
            {depts.data?.length ? (
              <Select
                label={t('vacations.dept')}
                id="vac-dept"
                data-testid="vac-dept"
                value={dept}
                onChange={(e) => setDept(e.target.value)}
                options={deptOptions}
              />
            ) : null}
            <Input
              label={t('vacations.search')}
              id="vac-search"
              data-testid="vac-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          {list.isPending ? (
            <Loader testId="vac-loading" />
          ) : list.isError ? (
            <ErrorState title={t('vacations.loadError')} message={errorText(list.error)} onRetry={() => void list.refetch()} testId="vac-error" />
          ) : rows.length === 0 ? (
            <EmptyState title={t('vacations.empty')} testId="vac-empty" />
          ) : (
            <div className="vac-scroll" role="region" aria-label={t('vacations.title')} tabIndex={0}>
              <table className="vac-table" data-testid="vac-timeline">
                <thead>
                  <tr>
                    <th scope="col">{t('vacations.employee')}</th>
                    <th scope="col" className="vac-num">
                      {t('vacations.balance')}
                    </th>
                    <th scope="col" className="vac-track-head">
                      {months.map((m) => (
                        <span key={m} className="vac-month" style={{ left: pct(m) }}>
                          {monthFmt.format(m)}
                        </span>
                      ))}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r._id} data-testid={`vac-row-${r._id}`} className={r._id === uid ? 'vac-me' : undefined}>
                      <th scope="row">
                        <span className="vac-name">{r.fullName}</span>
                        {r.position ? <span className="vac-pos">{r.position}</span> : null}
                      </th>
                      <td className="vac-num">{r.vacationDays}</td>
                      <td className="vac-track">
                        {r.vacations
                          .filter((v) => toTime(v.end) + DAY > from && toTime(v.start) < to)
                          .map((v) => {
                            const clash = overlapNames.get(v._id);
                            const title = `${range(v)} · ${t(v.planned ? 'vacations.planned' : 'vacations.approved')}${clash ? ` · ${t('vacations.overlapsTeam', { names: clash.join(', ') })}` : ''}`;
                            return (
                              <span
                                key={v._id}
                                className={`vac-bar${v.planned ? ' vac-bar--planned' : ''}${clash ? ' vac-bar--clash' : ''}`}
                                style={{ left: pct(toTime(v.start)), width: `calc(${pct(toTime(v.end) + DAY)} - ${pct(toTime(v.start))})` }}
                                title={title}
                                aria-label={title}
                                role="img"
                                data-testid={`vac-bar-${v._id}`}
                              />
                            );
                          })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {approvable.size ? (
            <ManagerList
              rows={(everyone.data?.users ?? []).filter((r) => approvable.has(r._id))}
              range={range}
              onApprove={approve}
              onDelete={setDeleting}
              uid={uid}
            />
          ) : null}
        </div>
        <aside className="vac-side">
          {me ? (
            <p className="vac-balance" data-testid="vac-balance">
              {t('vacations.myBalance', { count: me.vacationDays })}
            </p>
          ) : null}
          <h2 className="org-h2">{t('vacations.request')}</h2>
          <ApiFormView form={form} errorTestId="vac-form-error" data-testid="vac-form" noValidate>
            <FormField form={form} name="start" id="vac-start" type="date" label={t('vacations.start')} required />
            <FormField form={form} name="end" id="vac-end" type="date" label={t('vacations.end')} required />
            {teamWarning ? (
              <p className="vac-warning" role="status" data-testid="vac-team-warning">
                {t('vacations.teamWarning', { names: teamWarning })}
              </p>
            ) : null}
            <SubmitRow form={form} label={t('vacations.send')} testId="vac-submit" />
          </ApiFormView>
          <h2 className="org-h2">{t('vacations.mine')}</h2>
          {me?.vacations.length ? (
            <ul className="vac-mine" data-testid="vac-mine">
              {me.vacations.map((v) => (
                <li key={v._id}>
                  <span>
                    {range(v)} · {t('vacations.days', { count: v.days })}
                  </span>{' '}
                  <Badge tone={v.planned ? undefined : 'success'}>{t(v.planned ? 'vacations.planned' : 'vacations.approved')}</Badge>{' '}
                  {/* A started vacation is deleted by a holder of vacations_edit only (the server refuses the others). */}
                  {manager || v.start > today ? (
                    <Button size="small" variant="ghost" onClick={() => setDeleting(v)} data-testid={`vac-delete-${v._id}`}>
                      {t('vacations.delete')}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="org-muted">{t('vacations.noneMine')}</p>
          )}
        </aside>
      </div>
      <ConfirmDialog
        open={!!deleting}
        title={t('vacations.delete')}
        message={deleting ? t('vacations.deleteConfirm', { range: range(deleting) }) : ''}
        confirmLabel={t('vacations.delete')}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
        testId="vac-delete-confirm"
      />
    </section>
  );
}
