import { useMemo, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { peopleOrgText } from './locales.ts';
import type { User } from '@intranet/people-contract';
import { DEPARTMENT_KINDS, structureEvents, type Department, type DepartmentKind } from '@intranet/people-contract/structure';
import { errorText } from '@intranet/web-i18n';
import { useRealtimeEvent, useSession } from '@intranet/web-session';
import { Button, Checkbox, EmptyState, ErrorState, Input, Loader, useNotifier } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { TransformComponent, TransformWrapper, type ReactZoomPanPinchRef } from 'react-zoom-pan-pinch';
import { peopleKeys } from './api/keys.ts';
import { useDepartments } from './api/structure-by-client.ts';
import { updateDepartment } from './api/structure-update.ts';
import { useClientUsers } from './api/user-for-client.ts';
import { DeptMembers } from './DeptMembers.tsx';
import { DeptPanel } from './DeptPanel.tsx';
import { ProjectsPanel } from './ProjectsPanel.tsx';
import './org.css';
import { RootForm } from './RootForm.tsx';

type Node = Department & { children: Node[] };

/** Departments (parents first, as the server orders them) → the forest of roots. */
function buildTree(list: Department[]): Node[] {
  const byId = new Map<string, Node>(list.map((d) => [d._id, { ...d, children: [] }]));
  const roots: Node[] = [];
  for (const n of byId.values()) {
    const p = n.parent ? byId.get(n.parent) : undefined;
    if (p) p.children.push(n);
    else roots.push(n);
  }
  return roots;
}

/**
 * /structure_new (§2, right `structures`): the company chart per kind (administrative, organisational, functional,
 * project) as a nested collapsible tree with heads and people; search finds a person or a department and opens the
 * way to it. Administrators switch on edit mode: drag a department onto another (or choose "Move under"), set or
 * clear the head, add and remove employees, add, rename and delete departments (§5 errors in the user's language).
 * The chart zooms and pans (react-zoom-pan-pinch): drag the background, Ctrl/⌘ + wheel or pinch; the +, − and reset
 * buttons (structure-zoom-in, structure-zoom-out, structure-zoom-reset) and, with the chart focused, the keys +, −,
 * 0 and the arrows do the same from the keyboard. The "project" kind also lists the projects that back it (ProjectsPanel: §7 Projects).
 * Test ids: structure-page, structure-search, structure-tree, dept-<id>, dept-toggle-<id>, dept-select-<id>,
 * structure-edit, dept-panel, dept-move, dept-move-submit, dept-head, dept-add-user, dept-add-user-submit,
 * dept-child-name, dept-child-submit, dept-delete, structure-root-name, structure-root-submit.
 */
export default function StructurePage() {
  const { t } = peopleOrgText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const { client, isAdmin, hasRight } = useSession();
  const [kind, setKind] = useState<DepartmentKind>('org');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [edit, setEdit] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [found, setFound] = useState<string | null>(null);
  const clientId = client?._id ?? '';
  const zoom = useRef<ReactZoomPanPinchRef>(null);

  const q = useDepartments(clientId, kind, !!clientId);
  const people = useClientUsers(clientId, !!clientId && hasRight('address'));
  const names = useMemo(() => new Map((people.data ?? []).map((u: User) => [u._id, u.fullName])), [people.data]);
  const nameOf = (id: string) => names.get(id) ?? '…';
  const list = q.data ?? [];
  const tree = useMemo(() => buildTree(list), [list]);
  const byId = useMemo(() => new Map(list.map((d) => [d._id, d])), [list]);

  /** Opens every ancestor of `id` so it is visible, and marks it. */
  const reveal = (id: string) => {
    const next = new Set(open);
    for (let d = byId.get(id); d?.parent; d = byId.get(d.parent)) next.add(d.parent);
    setOpen(next);
    setFound(id);
    // Back to the chart's natural size and place, so the page's scrolling can bring the department into view.
    zoom.current?.resetTransform(0);
    setTimeout(() => document.querySelector(`[data-testid="dept-${id}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' }), 0);
  };

  const term = search.trim().toLowerCase();
  const matches = useMemo(() => {
    if (!term) return [];
    const out: { id: string; label: string; dept: string }[] = [];
    for (const d of list) {
      if (d.name.toLowerCase().includes(term)) out.push({ id: `d-${d._id}`, label: d.name, dept: d._id });
      for (const u of d.employees)
        if ((names.get(u) ?? '').toLowerCase().includes(term)) out.push({ id: `u-${u}-${d._id}`, label: `${names.get(u)} · ${d.name}`, dept: d._id });
    }
    return out.slice(0, 20);
  }, [term, list, names]);

  const refresh = () => qc.invalidateQueries({ queryKey: peopleKeys.structure(clientId) });
  // Changes by others (another administrator, an HR load) arrive live: the chart reloads (evt.people.department.*,
  // dept_users.updated, structure.loaded).
  const reload = () => void refresh();
  useRealtimeEvent(structureEvents.departmentCreated.subject, reload);
  useRealtimeEvent(structureEvents.departmentUpdated.subject, reload);
  useRealtimeEvent(structureEvents.departmentDeleted.subject, reload);
  useRealtimeEvent(structureEvents.deptUsersUpdated.subject, reload);
  useRealtimeEvent(structureEvents.structureLoaded.subject, reload);
  /** Runs a change; shows the server's worded §5/§8 error (e.g. 'cannot move into its child') as a toast. */
  const change = async (fn: () => Promise<unknown>): Promise<boolean> => {
    try {
      await fn();
      notifier.toast(t('structure.saved'));
      return true;
    } catch (err) {
      notifier.error(errorText(err));
      return false;
    } finally {
      await refresh();
    }
  };
  const move = (id: string, parent: string): Promise<boolean> => change(() => updateDepartment(id, { parent }));

  const onDrop = (target: string) => (e: DragEvent) => {
    e.preventDefault();
    const id = e.dataTransfer.getData('text/x-department');
    if (id && id !== target) void move(id, target);
  };

  const renderNode = (n: Node) => {
    const expanded = open.has(n._id) || n.depth === 0 || !!term;
    const toggle = () => setOpen((s) => (s.has(n._id) ? new Set([...s].filter((x) => x !== n._id)) : new Set([...s, n._id])));
    return (
      <li
        key={n._id}
        className={`org-node${found === n._id ? ' org-node--found' : ''}${selected === n._id ? ' org-node--selected' : ''}`}
        data-testid={`dept-${n._id}`}
        draggable={edit && n.depth > 0}
        onDragStart={(e) => {
          e.stopPropagation();
          e.dataTransfer.setData('text/x-department', n._id);
        }}
        onDragOver={edit ? (e) => e.preventDefault() : undefined}
        onDrop={edit ? (e) => (e.stopPropagation(), onDrop(n._id)(e)) : undefined}
      >
        <div className="org-card">
          {n.children.length ? (
            <button
              type="button"
              className="org-toggle"
              aria-expanded={expanded}
              aria-label={t(expanded ? 'structure.collapse' : 'structure.expand')}
              onClick={toggle}
              data-testid={`dept-toggle-${n._id}`}
            >
              {expanded ? '▾' : '▸'}
            </button>
          ) : (
            <span className="org-toggle" aria-hidden="true" />
          )}
          <div className="org-card__body">
            {/* Everyone opens a department (its members, read-only); administrators in edit mode edit it. */}
            <button
              type="button"
              className="org-card__name org-linklike"
              onClick={() => setSelected(n._id)}
              aria-pressed={selected === n._id}
              data-testid={`dept-select-${n._id}`}
            >
              {n.name}
            </button>
            <span className="org-card__meta">
              {n.manager ? `${t('structure.head')}: ${nameOf(n.manager)}` : t('structure.noHead')} · {t('structure.people', { count: n.employees.length })}
            </span>
            {expanded && n.employees.length && names.size ? <span className="org-card__people">{n.employees.map(nameOf).join(', ')}</span> : null}
          </div>
        </div>
        {expanded && n.children.length ? <ul className="org-children">{n.children.map(renderNode)}</ul> : null}
      </li>
    );
  };

  if (!client) return <Loader />;
  return (
    <section className="org-page" data-testid="structure-page">
      <h1 className="ui-page-title">{t('structure.title')}</h1>
      <Tabs
        label={t('structure.title')}
        active={kind}
        onChange={(k) => {
          setKind(k as DepartmentKind);
          setSelected(null);
          setFound(null);
        }}
        tabs={DEPARTMENT_KINDS.map((k) => ({ id: k, label: t(`structure.kinds.${k}`) }))}
      >
        <div className="org-toolbar">
          <Input
            label={t('structure.search')}
            id="structure-search"
            data-testid="structure-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {isAdmin ? <Checkbox label={t('structure.edit')} checked={edit} onChange={(e) => setEdit(e.target.checked)} data-testid="structure-edit" /> : null}
        </div>
        {term ? (
          matches.length ? (
            <ul className="org-matches" data-testid="structure-matches">
              {matches.map((m) => (
                <li key={m.id}>
                  <button type="button" className="org-linklike" onClick={() => (setSearch(''), reveal(m.dept))}>
                    {m.label}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="org-muted">{t('structure.noMatch')}</p>
          )
        ) : null}
        {kind === 'adm' || kind === 'org' ? (
          <p className="org-note" data-testid="structure-chief-note">
            {t(kind === 'adm' ? 'structure.chiefNoteAdm' : 'structure.chiefNoteOrg')}
          </p>
        ) : null}
        {edit ? <p className="org-muted">{t('structure.dragHint')}</p> : null}
        <div className="org-layout">
          <div className="org-tree-wrap" role="region" aria-label={t(`structure.kinds.${kind}`)} tabIndex={0}>
            {q.isPending ? (
              <Loader testId="structure-loading" />
            ) : q.isError ? (
              <ErrorState title={t('structure.loadError')} message={errorText(q.error)} onRetry={() => void q.refetch()} testId="structure-error" />
            ) : tree.length === 0 ? (
              <>
                {kind === 'project' ? (
                  <EmptyState title={t('structure.emptyProject')} text={t('structure.emptyProjectHint')} testId="structure-empty" />
                ) : (
                  <EmptyState title={t('structure.empty')} testId="structure-empty" />
                )}
                {isAdmin ? <RootForm kind={kind} clientId={clientId} onDone={refresh} /> : null}
              </>
            ) : (
              <TransformWrapper
                ref={zoom}
                minScale={0.25}
                maxScale={3}
                limitToBounds={false}
                doubleClick={{ disabled: true }}
                wheel={{ activationKeys: ['Control', 'Meta'], step: 0.1 }}
                panning={{ excluded: ['button', 'input', 'select', 'a'] }}
                keyboard={{ disabled: false }}
              >
                {({ zoomIn, zoomOut, resetTransform }) => (
                  <>
                    <div className="org-zoom-controls" role="toolbar" aria-label={t('structure.zoom')}>
                      <Button size="small" variant="secondary" onClick={() => zoomIn(0.25)} aria-label={t('structure.zoomIn')} data-testid="structure-zoom-in">
                        +
                      </Button>
                      <Button
                        size="small"
                        variant="secondary"
                        onClick={() => zoomOut(0.25)}
                        aria-label={t('structure.zoomOut')}
                        data-testid="structure-zoom-out"
                      >
                        −
                      </Button>
                      <Button size="small" variant="secondary" onClick={() => resetTransform()} data-testid="structure-zoom-reset">
                        {t('structure.zoomReset')}
                      </Button>
                      <span className="org-muted org-zoom-hint">{t('structure.zoomHint')}</span>
                    </div>
                    <TransformComponent wrapperClass="org-zoom" contentClass="org-zoom__content" wrapperProps={{ 'data-testid': 'structure-zoom' } as object}>
                      <ul className="org-tree" data-testid="structure-tree">
                        {tree.map(renderNode)}
                      </ul>
                    </TransformComponent>
                  </>
                )}
              </TransformWrapper>
            )}
          </div>
          {edit && selected && byId.get(selected) ? (
            <DeptPanel
              key={selected}
              dept={byId.get(selected)!}
              list={list}
              nameOf={nameOf}
              clientId={clientId}
              change={change}
              move={move}
              onDeleted={() => setSelected(null)}
            />
          ) : selected && byId.get(selected) ? (
            <DeptMembers dept={byId.get(selected)!} nameOf={nameOf} onClose={() => setSelected(null)} />
          ) : null}
        </div>
        {kind === 'project' ? <ProjectsPanel departments={list} nameOf={nameOf} /> : null}
      </Tabs>
    </section>
  );
}
