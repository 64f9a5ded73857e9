import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { kbText } from './locales.ts';
import { GRANT_LEVELS, GRANT_TARGETS, kbRoutes, WORKING_TIME, type Grant } from '@intranet/kb-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Button, Modal, useNotifier } from '@intranet/web-ui';
import { setArticleRights } from './api/article-rights.ts';
import { kbKeys } from './api/keys.ts';
import { UserPicker, type PickedUser } from './common.tsx';

type Target = (typeof GRANT_TARGETS)[number];
type Level = (typeof GRANT_LEVELS)[number];
interface Row {
  target: Target;
  level: Level;
  value: string;
  users: PickedUser[];
}

const NEEDS_VALUE = new Set<Target>(['position', 'department', 'city']);

/** The PUT api/article/{id}/rights body of the editor's rows. */
function bodyOf(rows: Row[]): { grants: Grant[] } {
  return {
    grants: rows.map((r) => {
      if (r.target === 'manual') return { target: r.target, level: r.level, users: r.users.map((u) => u._id) };
      if (r.target === 'head') return { target: r.target, level: r.level, value: r.users[0]?._id ?? null };
      if (NEEDS_VALUE.has(r.target) || r.target === 'working_time') return { target: r.target, level: r.level, value: r.value.trim() || null };
      return { target: r.target, level: r.level };
    }),
  };
}

/** The route's body schema over the rows (field errors keep the body's paths: grants.<i>.<field>). */
const grantsSchema = z.preprocess((v) => bodyOf((v as { rows: Row[] }).rows), kbRoutes.articleRights.body) as unknown as z.ZodType<
  { grants: Grant[] },
  { rows: Row[] }
>;

/**
 * Grants editor (§6): one row per rule with every target type (all, all heads, head, position, department, city,
 * working time, manual filter) and level (read, write, none); saves with PUT api/article/{id}/rights through a
 * `useApiForm` over the route's body: a row's error (schema or server, worded in the user's language) under the row,
 * others in grants-error.
 * Test ids: grants-modal, grant-add, grant-<i>-target/-level/-value/-users, grant-<i>-remove, grants-save.
 */
export function GrantsModal({ id, title, grants, open, onClose }: { id: string; title: string; grants: Grant[]; open: boolean; onClose: () => void }) {
  const { t } = kbText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [rows, setRows] = useState<Row[]>(() =>
    grants.map((g) => ({
      target: g.target,
      level: g.level,
      value: g.value ?? '',
      users: g.target === 'head' && g.value ? [{ _id: g.value, name: g.value }] : (g.users ?? []).map((u) => ({ _id: u, name: u })),
    })),
  );
  const set = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const form = useApiForm({
    schema: grantsSchema,
    defaultValues: { rows: [] },
    values: { rows },
    serverField: (f) => (f.startsWith('grants.') ? f : null),
    onSubmit: async (body) => {
      await setArticleRights(id, body);
      await qc.invalidateQueries({ queryKey: kbKeys.all });
      notifier.toast(t('grants.saved'));
      onClose();
    },
  });
  const busy = form.busy;
  /** The first error of row `i` (its value, users or the row itself). */
  const rowError = (i: number) => {
    const e = (form.formState.errors as { grants?: Record<number, Record<string, unknown>> }).grants?.[i];
    if (!e) return undefined;
    if (typeof e.message === 'string') return e.message;
    const inner = Object.values(e).find(
      (x): x is { message: string } => !!x && typeof x === 'object' && typeof (x as { message?: unknown }).message === 'string',
    );
    return inner?.message;
  };

  return (
    <Modal
      open={open}
      title={t('grants.title', { title })}
      onClose={onClose}
      width={760}
      testId="grants-modal"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="grants-form" loading={busy} data-testid="grants-save">
            {t('save')}
          </Button>
        </>
      }
    >
      <ApiFormView form={form} id="grants-form" errorTestId="grants-error">
        <p className="kb-muted">{t('grants.hint')}</p>
        {rows.length === 0 ? <p data-testid="grants-none">{t('grants.none')}</p> : null}
        {rows.map((r, i) => (
          <div key={i} className="kb-grant" data-testid={`grant-${i}`}>
            <label>
              <span className="kb-muted">{t('grants.target')}</span>
              <select
                className="ui-field__control"
                value={r.target}
                data-testid={`grant-${i}-target`}
                onChange={(e) => set(i, { target: e.target.value as Target, value: e.target.value === 'working_time' ? WORKING_TIME[0] : '', users: [] })}
              >
                {GRANT_TARGETS.map((x) => (
                  <option key={x} value={x}>
                    {t(`grants.targets.${x}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className="kb-muted">{t('grants.level')}</span>
              <select
                className="ui-field__control"
                value={r.level}
                data-testid={`grant-${i}-level`}
                onChange={(e) => set(i, { level: e.target.value as Level })}
              >
                {GRANT_LEVELS.map((x) => (
                  <option key={x} value={x}>
                    {t(`grants.levels.${x}`)}
                  </option>
                ))}
              </select>
            </label>
            <div className="kb-grant__value">
              {NEEDS_VALUE.has(r.target) ? (
                <label>
                  <span className="kb-muted">{t(`grants.targets.${r.target}`)}</span>
                  <input className="ui-field__control" value={r.value} data-testid={`grant-${i}-value`} onChange={(e) => set(i, { value: e.target.value })} />
                </label>
              ) : null}
              {r.target === 'working_time' ? (
                <label>
                  <span className="kb-muted">{t('grants.value')}</span>
                  <select className="ui-field__control" value={r.value} data-testid={`grant-${i}-value`} onChange={(e) => set(i, { value: e.target.value })}>
                    {WORKING_TIME.map((x) => (
                      <option key={x} value={x}>
                        {t(`grants.working.${x}`)}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
              {r.target === 'head' || r.target === 'manual' ? (
                <UserPicker
                  label={r.target === 'head' ? t('grants.targets.head') : t('grants.users')}
                  value={r.users}
                  single={r.target === 'head'}
                  onChange={(users) => set(i, { users })}
                  testId={`grant-${i}-users`}
                />
              ) : null}
            </div>
            <Button variant="ghost" size="small" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))} data-testid={`grant-${i}-remove`}>
              {t('grants.remove')}
            </Button>
            {rowError(i) ? (
              <div className="ui-field__error kb-grant__error" role="alert" data-testid={`grant-${i}-error`}>
                {rowError(i)}
              </div>
            ) : null}
          </div>
        ))}
        <Button
          variant="secondary"
          size="small"
          onClick={() => setRows((rs) => [...rs, { target: 'all', level: 'read', value: '', users: [] }])}
          data-testid="grant-add"
        >
          {t('grants.add')}
        </Button>
      </ApiFormView>
    </Modal>
  );
}
