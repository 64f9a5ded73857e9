import { peopleOrgText } from './locales.ts';
import type { Department } from '@intranet/people-contract/structure';
import { Button } from '@intranet/web-ui';

/**
 * Read-only view of a department for everyone who may see the structure: its head and members (an employee opens any
 * department of the chart this way; editing stays with administrators). Test ids: dept-view, dept-view-close.
 */
export function DeptMembers({ dept, nameOf, onClose }: { dept: Department; nameOf: (id: string) => string; onClose: () => void }) {
  const { t } = peopleOrgText.useT();
  return (
    <aside className="org-panel" data-testid="dept-view" aria-label={`${t('structure.selected')}: ${dept.name}`}>
      <h2 className="org-h2">{dept.name}</h2>
      {dept.description ? <p className="org-muted">{dept.description}</p> : null}
      <p>
        {t('structure.head')}: {dept.manager ? nameOf(dept.manager) : t('structure.noHead')}
      </p>
      <h3 className="org-h3">{t('structure.members', { count: dept.employees.length })}</h3>
      {dept.employees.length ? (
        <ul className="org-people" aria-label={t('structure.members', { count: dept.employees.length })}>
          {dept.employees.map((u) => (
            <li key={u}>{nameOf(u)}</li>
          ))}
        </ul>
      ) : (
        <p className="org-muted">{t('structure.noMembers')}</p>
      )}
      <Button size="small" variant="secondary" onClick={onClose} data-testid="dept-view-close">
        {t('structure.close')}
      </Button>
    </aside>
  );
}
