import { useState } from 'react';
import { peopleOrgText } from './locales.ts';
import type { Department } from '@intranet/people-contract/structure';
import { Button, ConfirmDialog, Input, Select } from '@intranet/web-ui';
import type { PickedUser } from '@intranet/web-ui/widgets';
import { addDeptUsers } from './api/dept-users-add.ts';
import { clearDeptHead } from './api/dept-users-clear-chief.ts';
import { removeDeptUser } from './api/dept-users-remove.ts';
import { setDeptHead } from './api/dept-users-update.ts';
import { createDepartment } from './api/structure-create.ts';
import { deleteDepartment } from './api/structure-delete.ts';
import { updateDepartment } from './api/structure-update.ts';
import { PersonPicker } from './PersonPicker.tsx';

/** Ids of `id` and its descendants. */
function subtreeIds(list: Department[], id: string): Set<string> {
  const out = new Set([id]);
  // Parents come before children: one pass collects the subtree.
  for (const d of list) if (d.parent && out.has(d.parent)) out.add(d._id);
  return out;
}

/**
 * Edit panel of the selected department (administrators). StructurePage mounts it per department (`key`), so the
 * name and the pickers start from the chosen department, never the previous one.
 */
export function DeptPanel({
  dept,
  list,
  nameOf,
  clientId,
  change,
  move,
  onDeleted,
}: {
  dept: Department;
  list: Department[];
  nameOf: (id: string) => string;
  clientId: string;
  change: (fn: () => Promise<unknown>) => Promise<boolean>;
  move: (id: string, parent: string) => Promise<boolean>;
  onDeleted: () => void;
}) {
  const { t } = peopleOrgText.useT();
  const [parent, setParent] = useState('');
  const [adding, setAdding] = useState<PickedUser[]>([]);
  const [child, setChild] = useState('');
  const [name, setName] = useState(dept.name);
  const [deleting, setDeleting] = useState(false);
  const inside = subtreeIds(list, dept._id);
  const choose = { value: '', label: t('structure.choose') };
  return (
    <aside className="org-panel" data-testid="dept-panel" aria-label={`${t('structure.selected')}: ${dept.name}`}>
      <h2 className="org-h2">{dept.name}</h2>
      <div className="org-inline-form">
        <Input label={t('structure.rename')} id="dept-name" data-testid="dept-name" value={name} onChange={(e) => setName(e.target.value)} />
        <Button size="small" onClick={() => void change(() => updateDepartment(dept._id, { name }))}>
          {t('structure.save')}
        </Button>
      </div>
      {dept.parent ? (
        <div className="org-inline-form">
          <Select
            label={t('structure.moveTo')}
            id="dept-move"
            value={parent}
            onChange={(e) => setParent(e.target.value)}
            options={[
              choose,
              ...list.filter((d) => !inside.has(d._id) && d._id !== dept.parent).map((d) => ({ value: d._id, label: `${'\u2003'.repeat(d.depth)}${d.name}` })),
            ]}
          />
          <Button size="small" disabled={!parent} onClick={() => void move(dept._id, parent)} data-testid="dept-move-submit">
            {t('structure.move')}
          </Button>
        </div>
      ) : null}
      <PersonPicker
        label={t('structure.setHead')}
        single
        value={dept.manager ? [{ _id: dept.manager, name: nameOf(dept.manager) }] : []}
        onChange={(v) => void change(() => (v[0] ? setDeptHead(dept._id, v[0]._id) : clearDeptHead(dept._id)))}
        testId="dept-head"
      />
      <div className="org-inline-form">
        <PersonPicker label={t('structure.addPeople')} value={adding} onChange={setAdding} exclude={dept.employees} testId="dept-add-user" />
        <Button
          size="small"
          disabled={!adding.length}
          data-testid="dept-add-user-submit"
          onClick={() =>
            void change(() =>
              addDeptUsers(
                clientId,
                dept._id,
                adding.map((u) => u._id),
              ),
            ).then((ok) => ok && setAdding([]))
          }
        >
          {t('structure.add')}
        </Button>
      </div>
      {dept.employees.length ? (
        <ul className="org-people">
          {dept.employees.map((u) => (
            <li key={u}>
              {nameOf(u)}{' '}
              <Button
                size="tiny"
                variant="ghost"
                aria-label={t('structure.removePerson', { name: nameOf(u) })}
                onClick={() => void change(() => removeDeptUser(dept._id, u))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="org-inline-form">
        <Input label={t('structure.addChild')} id="dept-child-name" value={child} onChange={(e) => setChild(e.target.value)} />
        <Button
          size="small"
          disabled={!child.trim()}
          data-testid="dept-child-submit"
          onClick={() => void change(() => createDepartment({ kind: dept.kind, name: child, parent: dept._id, client_id: clientId })).then(() => setChild(''))}
        >
          {t('structure.create')}
        </Button>
      </div>
      {dept.parent ? (
        <Button variant="danger" size="small" onClick={() => setDeleting(true)} data-testid="dept-delete">
          {t('structure.delete')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={deleting}
        title={t('structure.delete')}
        message={t('structure.deleteConfirm', { name: dept.name })}
        confirmLabel={t('structure.delete')}
        onConfirm={async () => {
          const ok = await change(() => deleteDepartment(dept._id));
          setDeleting(false);
          if (ok) onDeleted();
        }}
        onCancel={() => setDeleting(false)}
        testId="dept-delete-confirm"
      />
    </aside>
  );
}
