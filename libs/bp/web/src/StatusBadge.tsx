import type { RequestStatus } from '@intranet/bp-contract';
import { Badge } from '@intranet/web-ui';
import { bpText } from './locales.ts';

/** A request's status badge (§4: active, finished, rejected) and, when it is past its due date, the overdue one. */
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
