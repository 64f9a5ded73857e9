import { peopleOrgText } from './locales.ts';
import { type Vacation, type VacationRow } from '@intranet/people-contract/structure';
import { Button } from '@intranet/web-ui';

/** Colleagues' planned vacations the caller may approve or delete (`rows`: the approvable employees only). */
export function ManagerList({
  rows,
  uid,
  range,
  onApprove,
  onDelete,
}: {
  rows: VacationRow[];
  uid: string | null;
  range: (v: Vacation) => string;
  onApprove: (v: Vacation) => Promise<void>;
  onDelete: (v: Vacation) => void;
}) {
  const { t } = peopleOrgText.useT();
  const planned = rows.flatMap((r) => r.vacations.filter((v) => v.planned && v.user !== uid).map((v) => ({ v, name: r.fullName })));
  if (!planned.length) return null;
  return (
    <ul className="vac-mine" data-testid="vac-planned">
      {planned.map(({ v, name }) => (
        <li key={v._id}>
          <span>
            {name}: {range(v)}
          </span>{' '}
          <Button size="small" onClick={() => void onApprove(v)} data-testid={`vac-approve-${v._id}`}>
            {t('vacations.approve')}
          </Button>{' '}
          <Button size="small" variant="ghost" onClick={() => onDelete(v)} data-testid={`vac-delete-${v._id}`}>
            {t('vacations.delete')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
