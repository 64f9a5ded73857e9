import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bpText } from './locales.ts';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  BP_LIMITS,
  bpRoutes,
  FIELD_TYPES,
  PERFORMER_KINDS,
  type Field,
  type FieldType,
  type Performer,
  type PerformerKind,
  type Service,
  type Step,
  type Values,
} from '@intranet/bp-contract';
import { call, isApiError } from '@intranet/web-api';
import { Alert, Button, Checkbox, ConfirmDialog, EmptyState, FormGrid, Input, Loader, Pagination, Select, TextArea, useNotifier } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { AskForm, bpKeys, FieldInput, LoadError, NeedClient, PeoplePicker, RequestRow, useBp, useFieldErrors, useRequestEvents } from './common.tsx';
import { ArticlePicker } from './ArticlePicker.tsx';
import { RightsTab } from './RightsTab.tsx';
import './bp.css';

const newId = () => Math.random().toString(36).slice(2, 10);

/** The service's info as an administrator edits it (POST api/bp, PUT api/bp/{id}). */
function InfoForm({ service }: { service: Service | null }) {
  const { t } = bpText.useT();
  const qc = useQueryClient();
  const nav = useNavigate();
  const notify = useNotifier();
  const groups = useQuery({ queryKey: bpKeys.groups, queryFn: ({ signal }) => call(bpRoutes.groupList, { signal, silent: true }) });
  const [f, setF] = useState({
    name: service?.name ?? '',
    description: service?.description ?? '',
    group: service?.group ?? '',
    department: service?.department ?? '',
    days_limit: service?.days_limit ? String(service.days_limit) : '',
    article: service?.article ?? null,
  });
  const [confirm, setConfirm] = useState(false);
  const body = () => ({
    name: f.name,
    description: f.description,
    group: f.group || null,
    department: f.department || null,
    days_limit: f.days_limit ? Number(f.days_limit) : null,
    article: f.article,
  });
  const save = useMutation({
    mutationFn: () =>
      service ? call(bpRoutes.serviceUpdate, { params: { id: service._id }, body: body(), silent: true }) : call(bpRoutes.serviceCreate, { body: body(), silent: true }),
    onSuccess: (s) => {
      void qc.invalidateQueries({ queryKey: bpKeys.all });
      notify.toast(t('service.saved'));
      if (!service) void nav(`/service/${s._id}?tab=steps`);
    },
  });
  const remove = useMutation({
    mutationFn: () => call(bpRoutes.serviceDelete, { params: { id: service!._id }, silent: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: bpKeys.all });
      notify.toast(t('service.deleted'));
      void nav('/services');
    },
  });
  const errs = useFieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const set = (k: Exclude<keyof typeof f, 'article'>) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  return (
    <form onSubmit={submit} className="bp-form" data-testid="bp-info-form" noValidate>
      {errs.other ? <Alert>{errs.other}</Alert> : null}
      <FormGrid>
        <Input id="bp-name" label={t('service.name')} value={f.name} onChange={set('name')} error={errs.fields.name} required wide />
        <TextArea
          id="bp-description"
          label={t('service.description')}
          value={f.description}
          onChange={set('description')}
          error={errs.fields.description}
          required
          wide
        />
        <Select
          id="bp-group"
          label={t('service.group')}
          value={f.group}
          onChange={set('group')}
          error={errs.fields.group}
          required
          options={[{ value: '', label: t('service.chooseGroup') }, ...(groups.data ?? []).map((g) => ({ value: g._id, label: g.name }))]}
        />
        <Input id="bp-department" label={t('service.department')} value={f.department} onChange={set('department')} error={errs.fields.department} />
        <Input
          id="bp-days"
          label={t('service.daysLimit')}
          type="number"
          min={1}
          value={f.days_limit}
          onChange={set('days_limit')}
          error={errs.fields.days_limit}
        />
        <ArticlePicker value={f.article} onChange={(article) => setF({ ...f, article })} error={errs.fields.article} />
      </FormGrid>
      <div className="bp-actions">
        <Button type="submit" loading={save.isPending} data-testid="bp-save-info">
          {service ? t('service.save') : t('service.create')}
        </Button>
        {service ? (
          <Button variant="danger" onClick={() => setConfirm(true)} data-testid="bp-delete">
            {t('service.delete')}
          </Button>
        ) : null}
      </div>
      {service ? (
        <ConfirmDialog
          open={confirm}
          danger
          title={t('service.delete')}
          message={t('service.deleteConfirm', { name: service.name })}
          confirmLabel={t('service.delete')}
          onConfirm={() => remove.mutateAsync()}
          onCancel={() => setConfirm(false)}
        />
      ) : null}
    </form>
  );
}

/** One performer entry: its kind and, for chosen employees, the people picker. */
function PerformerEditor({ p, onChange, onRemove, at }: { p: Performer; onChange: (p: Performer) => void; onRemove: () => void; at: string }) {
  const { t } = bpText.useT();
  const many = p.kind === 'employee' || p.kind === 'employees';
  return (
    <div className="bp-performer">
      <Select
        id={`${at}-kind`}
        label={t('editor.performer')}
        value={p.kind}
        onChange={(e) => {
          const kind = e.target.value as PerformerKind;
          onChange(kind === 'employee' || kind === 'employees' ? { kind, users: p.users ?? [] } : { kind });
        }}
        options={PERFORMER_KINDS.map((k) => ({ value: k, label: t(`editor.kinds.${k}`) }))}
      />
      {many ? (
        <PeoplePicker
          label={t('editor.findUser')}
          multiple={p.kind === 'employees'}
          value={p.users ?? []}
          onChange={(users) => onChange({ ...p, users })}
          testId={`${at}-users`}
        />
      ) : null}
      <Button size="small" variant="secondary" onClick={onRemove}>
        {t('editor.remove')}
      </Button>
    </div>
  );
}

/** One field of a step's form: name, type, required, options for a select. */
function FieldEditor({
  f,
  onChange,
  onRemove,
  onMove,
  first,
  last,
  at,
  errors,
}: {
  f: Field;
  onChange: (f: Field) => void;
  onRemove: () => void;
  /** Moves the field one place up (-1) or down (1): the fallback of dragging. */
  onMove: (by: -1 | 1) => void;
  first: boolean;
  last: boolean;
  at: string;
  errors: Record<string, string>;
}) {
  const { t } = bpText.useT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: f._id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`bp-field-editor${isDragging ? ' bp-field-editor--dragging' : ''}`}
      data-testid={at}
    >
      <button
        type="button"
        className="bp-drag"
        aria-label={t('editor.drag', { name: f.name || t('editor.field') })}
        title={t('editor.drag', { name: f.name || t('editor.field') })}
        {...attributes}
        {...listeners}
        data-testid={`${at}-drag`}
      >
        ⠿
      </button>
      <Input
        id={`${at}-name`}
        label={t('editor.field')}
        value={f.name}
        onChange={(e) => onChange({ ...f, name: e.target.value })}
        error={errors[`${at}.name`]}
      />
      <Select
        id={`${at}-type`}
        label={t('editor.fieldType')}
        value={f.type}
        onChange={(e) => onChange({ ...f, type: e.target.value as FieldType })}
        options={FIELD_TYPES.map((x) => ({ value: x, label: t(`editor.types.${x}`) }))}
      />
      {f.type === 'select' ? (
        <Input
          id={`${at}-options`}
          label={t('editor.options')}
          value={(f.options ?? []).join(', ')}
          error={errors[`${at}.options`]}
          onChange={(e) => onChange({ ...f, options: e.target.value.split(',').map((s) => s.trimStart()) })}
        />
      ) : null}
      <Checkbox label={t('editor.required')} checked={f.required} onChange={(e) => onChange({ ...f, required: e.target.checked })} />
      <Button size="small" variant="secondary" disabled={first} onClick={() => onMove(-1)} aria-label={`${t('editor.up')}: ${f.name || t('editor.field')}`}>
        {t('editor.up')}
      </Button>
      <Button size="small" variant="secondary" disabled={last} onClick={() => onMove(1)} aria-label={`${t('editor.down')}: ${f.name || t('editor.field')}`}>
        {t('editor.down')}
      </Button>
      <Button size="small" variant="secondary" onClick={onRemove}>
        {t('editor.remove')}
      </Button>
    </li>
  );
}

/**
 * A step's fields, reordered by dragging their handles (dnd-kit sortable, as the polls builder and the task board;
 * keyboard: Space to pick up, arrows to move, Space to drop, Escape to cancel; moves announced in the user's
 * language) or by the up/down buttons.
 */
function FieldList({ fields, at, errors, onFields }: { fields: Field[]; at: string; errors: Record<string, string>; onFields: (fields: Field[]) => void }) {
  const { t } = bpText.useT();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier) => fields.find((f) => f._id === id)?.name || t('editor.field');
  const posOf = (id: UniqueIdentifier) => fields.findIndex((f) => f._id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('editor.dnd.picked', { name: nameOf(active.id), n: posOf(active.id), total: fields.length }),
    onDragOver: ({ active, over }) => (over ? t('editor.dnd.over', { name: nameOf(active.id), n: posOf(over.id), total: fields.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('editor.dnd.dropped', { name: nameOf(active.id), n: posOf(over.id), total: fields.length }) : undefined),
    onDragCancel: ({ active }) => t('editor.dnd.cancelled', { name: nameOf(active.id) }),
  };
  const move = (from: number, to: number) => {
    if (from < 0 || to < 0 || from >= fields.length || to >= fields.length || from === to) return;
    onFields(arrayMove(fields, from, to));
  };
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    move(posOf(e.active.id) - 1, posOf(e.over.id) - 1);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('editor.dnd.instructions') } }}
    >
      <SortableContext items={fields.map((f) => f._id)} strategy={verticalListSortingStrategy}>
        <ol className="bp-field-list">
          {fields.map((f, j) => (
            <FieldEditor
              key={f._id}
              f={f}
              at={`${at}.fields.${j}`}
              errors={errors}
              first={j === 0}
              last={j === fields.length - 1}
              onMove={(by) => move(j, j + by)}
              onChange={(nf) => onFields(fields.map((x, k) => (k === j ? nf : x)))}
              onRemove={() => onFields(fields.filter((_, k) => k !== j))}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/**
 * The steps tab (administrators): each step's form name, review flag, fields (reordered by drag or up/down) and
 * performers; steps reordered with up/down; saved as a whole (PUT api/bp/{id} {steps}: ids kept, the version rises, running requests unchanged).
 */
function StepsEditor({ service }: { service: Service }) {
  const { t } = bpText.useT();
  const qc = useQueryClient();
  const notify = useNotifier();
  const [steps, setSteps] = useState<Step[]>(service.steps);
  // A saved version replaces the local draft (a refetch of the same version keeps what is being edited).
  useEffect(() => setSteps(service.steps), [service.version]);
  const save = useMutation({
    mutationFn: () =>
      call(bpRoutes.serviceUpdate, {
        params: { id: service._id },
        body: { steps: steps.map((s) => ({ ...s, fields: s.fields.map((f) => ({ ...f, options: f.options?.map((o) => o.trim()).filter(Boolean) })) })) },
        silent: true,
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: bpKeys.all });
      notify.toast(t('service.saved'));
    },
  });
  const errs = useFieldErrors(save.error);
  const put = (i: number, s: Step) => setSteps(steps.map((x, j) => (j === i ? s : x)));
  const move = (i: number, d: -1 | 1) => {
    const next = [...steps];
    [next[i], next[i + d]] = [next[i + d]!, next[i]!];
    setSteps(next);
  };
  return (
    <div className="bp-steps-editor" data-testid="bp-steps-editor">
      <p className="bp-muted">{t('service.firstStepHint')}</p>
      {errs.other ? <Alert>{errs.other}</Alert> : null}
      {errs.fields.steps ? <Alert>{errs.fields.steps}</Alert> : null}
      {Object.entries(errs.fields)
        .filter(([k]) => !k.startsWith('steps'))
        .map(([k, v]) => (
          <Alert key={k}>{v}</Alert>
        ))}
      {steps.map((s, i) => {
        const at = `steps.${i}`;
        return (
          <fieldset key={s._id} className="ui-card bp-step-card" data-testid={`bp-step-${i}`}>
            <legend>{t('editor.step', { n: i + 1 })}</legend>
            <Input
              id={`bp-step-${i}-name`}
              label={t('editor.stepName')}
              value={s.name}
              onChange={(e) => put(i, { ...s, name: e.target.value })}
              error={errs.fields[`${at}.name`]}
            />
            {i > 0 ? <Checkbox label={t('editor.review')} checked={s.review} onChange={(e) => put(i, { ...s, review: e.target.checked })} /> : null}
            <h3>{t('editor.fields')}</h3>
            {errs.fields[`${at}.fields`] ? <Alert>{errs.fields[`${at}.fields`]}</Alert> : null}
            <FieldList fields={s.fields} at={at} errors={errs.fields} onFields={(fields) => put(i, { ...s, fields })} />
            <Button
              size="small"
              variant="secondary"
              disabled={s.fields.length >= BP_LIMITS.fields}
              onClick={() => put(i, { ...s, fields: [...s.fields, { _id: newId(), name: '', type: 'string', required: false }] })}
              data-testid={`bp-step-${i}-add-field`}
            >
              {t('editor.addField')}
            </Button>
            {i > 0 ? (
              <>
                <h3>{t('editor.performers')}</h3>
                {errs.fields[`${at}.performers`] ? <Alert>{errs.fields[`${at}.performers`]}</Alert> : null}
                {s.performers.map((p, j) => (
                  <PerformerEditor
                    key={j}
                    p={p}
                    at={`bp-step-${i}-performer-${j}`}
                    onChange={(np) => put(i, { ...s, performers: s.performers.map((x, k) => (k === j ? np : x)) })}
                    onRemove={() => put(i, { ...s, performers: s.performers.filter((_, k) => k !== j) })}
                  />
                ))}
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() => put(i, { ...s, performers: [...s.performers, { kind: 'initiator' }] })}
                  data-testid={`bp-step-${i}-add-performer`}
                >
                  {t('editor.addPerformer')}
                </Button>
              </>
            ) : null}
            <div className="bp-actions">
              <Button size="small" variant="secondary" disabled={i === 0} onClick={() => move(i, -1)}>
                {t('editor.up')}
              </Button>
              <Button size="small" variant="secondary" disabled={i === steps.length - 1} onClick={() => move(i, 1)}>
                {t('editor.down')}
              </Button>
              <Button size="small" variant="secondary" onClick={() => setSteps(steps.filter((_, k) => k !== i))}>
                {t('editor.remove')}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div className="bp-actions">
        <Button
          variant="secondary"
          disabled={steps.length >= BP_LIMITS.steps}
          onClick={() => setSteps([...steps, { _id: newId(), name: '', review: false, fields: [], performers: steps.length ? [{ kind: 'chief' }] : [] }])}
          data-testid="bp-add-step"
        >
          {t('editor.addStep')}
        </Button>
        <Button loading={save.isPending} onClick={() => save.mutate()} data-testid="bp-save-steps">
          {t('editor.saveSteps')}
        </Button>
      </div>
    </div>
  );
}

/** The start form: the first step's fields (optionally filled from a template), POST api/bp/start. */
function StartForm({ service }: { service: Service }) {
  const { t } = bpText.useT();
  const { clientId } = useBp();
  const nav = useNavigate();
  const qc = useQueryClient();
  const [values, setValues] = useState<Values>({});
  const [template, setTemplate] = useState<string | undefined>();
  const tmpls = useQuery({
    queryKey: bpKeys.templates(service._id),
    queryFn: ({ signal }) => call(bpRoutes.templateList, { params: { client: clientId! }, query: { bp: service._id }, signal, silent: true }),
  });
  const start = useMutation({
    mutationFn: () => call(bpRoutes.requestStart, { body: { bp: service._id, values, ...(template ? { template } : {}) }, silent: true }),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: bpKeys.all });
      void nav(`/service/request/${r._id}`);
    },
  });
  const errs = useFieldErrors(start.error);
  if (service.steps.length < BP_LIMITS.minStepsToStart) return <Alert>{t('service.needSteps')}</Alert>;
  const first = service.steps[0]!;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate();
  };
  return (
    <form onSubmit={submit} className="bp-form" data-testid="bp-start-form" noValidate>
      <h2>{first.name}</h2>
      {tmpls.data?.length ? (
        <div className="bp-actions" data-testid="bp-templates">
          <span className="bp-muted">{t('service.templates')}:</span>
          {tmpls.data.map((tm) => (
            <Button
              key={tm._id}
              size="small"
              variant="secondary"
              onClick={() => {
                setValues(tm.values);
                setTemplate(tm._id);
              }}
            >
              {t('service.useTemplate', { name: tm.name })}
            </Button>
          ))}
        </div>
      ) : null}
      {errs.other ? <Alert>{errs.other}</Alert> : null}
      <FormGrid>
        {first.fields.map((f) => (
          <FieldInput
            key={f._id}
            id={`bp-value-${f._id}`}
            field={f}
            value={values[f._id]}
            error={errs.fields[`values.${f._id}`]}
            onChange={(v) => setValues({ ...values, [f._id]: v })}
          />
        ))}
      </FormGrid>
      <Button type="submit" loading={start.isPending} data-testid="bp-start">
        {t('service.send')}
      </Button>
    </form>
  );
}

/** The info tab: description, group, responsible department, days limit, the steps and who performs them. */
function Info({ service }: { service: Service }) {
  const { t } = bpText.useT();
  return (
    <div className="bp-info" data-testid="bp-info">
      <p>{service.description}</p>
      <p className="bp-muted">
        {t(`service.type.${service.type}`)} · {t('steps', { count: service.steps.length })}
        {service.days_limit ? ` · ${t('days', { count: service.days_limit })}` : ''}
        {service.department ? ` · ${service.department}` : ''}
        {service.canManage ? ` · ${t('service.version', { n: service.version })}` : ''}
      </p>
      {service.article ? (
        <p>
          <Link to={`/article/${service.article}`} data-testid="bp-info-article">
            {t('article.open')}
          </Link>
        </p>
      ) : null}
      <ol className="bp-step-list">
        {service.steps.map((s) => (
          <li key={s._id}>
            {s.name}
            {s.performers.length ? <span className="bp-muted"> — {s.performers.map((p) => t(`editor.kinds.${p.kind}`)).join(', ')}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

const TABS = ['info', 'steps', 'rights', 'requests', 'start'] as const;
const ADMIN_TABS: ReadonlySet<string> = new Set(['steps', 'rights', 'requests']);
const REQ_LIMIT = 20;

/** The requests tab (administrators, §2): every request of the service, newest first, running or finished, paged, live. */
function ServiceRequests({ service }: { service: Service }) {
  const { t } = bpText.useT();
  const [page, setPage] = useState(1);
  const [finished, setFinished] = useState<'' | '0' | '1'>('');
  const list = useQuery({
    queryKey: [...bpKeys.all, 'byService', service._id, finished, page],
    queryFn: ({ signal }) =>
      call(bpRoutes.requestByService, {
        params: { id: service._id },
        query: { page, limit: REQ_LIMIT, ...(finished ? { finished } : {}) },
        signal,
        silent: true,
      }),
  });
  useRequestEvents(() => void list.refetch());
  return (
    <div data-testid="bp-service-requests">
      <Select
        id="bp-requests-filter"
        label={t('service.requestsFilter')}
        value={finished}
        onChange={(e) => {
          setFinished(e.target.value as '' | '0' | '1');
          setPage(1);
        }}
        options={[
          { value: '', label: t('service.requestsAll') },
          { value: '0', label: t('service.requestsRunning') },
          { value: '1', label: t('service.requestsFinished') },
        ]}
      />
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data.requests.length ? (
        <EmptyState title={t('service.requestsEmpty')} testId="bp-empty" />
      ) : (
        <>
          <p className="bp-muted">{t('service.requestsTotal', { count: list.data.total })}</p>
          <ul className="bp-cards">
            {list.data.requests.map((r) => (
              <RequestRow key={r._id} r={r} mine={false} initiator />
            ))}
          </ul>
          {list.data.total > REQ_LIMIT ? <Pagination page={page} total={list.data.total} pageSize={REQ_LIMIT} onChange={setPage} /> : null}
        </>
      )}
    </div>
  );
}

/**
 * /service/{_id} (§2): info; for administrators the info form and the steps editor; for everyone who may use it
 * the start form. /service/new: the info form of a new service (administrators). Test ids: bp-service-page,
 * bp-tab-*, bp-info-form, bp-steps-editor, bp-start-form.
 */
function ServiceView() {
  const { t } = bpText.useT();
  const { id = 'new' } = useParams();
  const { isAdmin } = useBp();
  const [tab, setTab] = useState<(typeof TABS)[number]>(() => {
    const want = new URLSearchParams(window.location.search).get('tab');
    return (TABS as readonly string[]).includes(want ?? '') ? (want as (typeof TABS)[number]) : 'info';
  });
  const q = useQuery({
    queryKey: bpKeys.service(id),
    queryFn: ({ signal }) => call(bpRoutes.serviceGet, { params: { id }, signal, silent: true }),
    enabled: id !== 'new',
  });
  if (id === 'new')
    return (
      <section className="page bp" data-testid="bp-service-page">
        <Link to="/services">{t('title')}</Link>
        <h1>{t('newService')}</h1>
        {isAdmin ? <InfoForm service={null} /> : <LoadError error={{ status: 403 }} />}
      </section>
    );
  if (q.isPending) return <Loader />;
  if (q.isError)
    return (
      <>
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
        {isApiError(q.error) && q.error.status === 403 ? <AskForm bp={id} /> : null}
      </>
    );
  const s = q.data;
  return (
    <section className="page bp" data-testid="bp-service-page">
      <Link to="/services">{t('title')}</Link>
      <h1>{s.name}</h1>
      <Tabs
        label={s.name}
        active={tab}
        onChange={(x) => setTab(x as (typeof TABS)[number])}
        tabs={TABS.filter((x) => !ADMIN_TABS.has(x) || s.canManage).map((x) => ({
          id: x,
          label: <span data-testid={`bp-tab-${x}`}>{x === 'start' ? t('service.start') : t(`service.${x}`)}</span>,
        }))}
      />
      {tab === 'info' ? (
        <>
          <Info service={s} />
          {s.canManage ? <InfoForm key={s.version} service={s} /> : null}
        </>
      ) : tab === 'steps' && s.canManage ? (
        <StepsEditor service={s} />
      ) : tab === 'rights' && s.canManage ? (
        <RightsTab key={s.version} service={s} />
      ) : tab === 'requests' && s.canManage ? (
        <ServiceRequests service={s} />
      ) : (
        <StartForm service={s} />
      )}
    </section>
  );
}

export default function ServicePage() {
  return (
    <NeedClient>
      <ServiceView />
    </NeedClient>
  );
}
