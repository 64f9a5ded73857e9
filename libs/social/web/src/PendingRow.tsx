import { useState } from 'react';
import { Link } from 'react-router';
import { wallText } from './locales.ts';
import type { GroupPending } from '@intranet/social-contract';
import { Button, ConfirmDialog } from '@intranet/web-ui';
import { useGroupAction } from './api/group-action.ts';
import { acceptGroupInvitation } from './api/group-invitation-accept.ts';
import { declineGroupInvitation } from './api/group-invitation-decline.ts';
import { withdrawGroupInvitation } from './api/group-invitation-withdraw.ts';
import { approveGroupRequest } from './api/group-request-approve.ts';
import { cancelGroupRequest } from './api/group-request-cancel.ts';
import { rejectGroupRequest } from './api/group-request-reject.ts';
import { Avatar } from './common.tsx';

/**
 * One open request or invitation: of the caller (accept/decline, cancel) or, for admins, of a person (approve/reject
 * a request; withdraw an invitation, confirmed first).
 */
export function PendingRow({ p, mine }: { p: GroupPending; mine?: boolean }) {
  const { t, i18n } = wallText.useT();
  const [withdrawing, setWithdrawing] = useState(false);
  const act = useGroupAction(async (what: 'approve' | 'reject' | 'cancel' | 'accept' | 'decline' | 'withdraw') => {
    if (what === 'withdraw') return withdrawGroupInvitation(p.group_id, p.user._id);
    if (what === 'approve') return approveGroupRequest(p.group_id, p.user._id);
    if (what === 'reject') return rejectGroupRequest(p.group_id, p.user._id);
    if (what === 'cancel') return cancelGroupRequest(p.group_id);
    if (what === 'accept') return acceptGroupInvitation(p.group_id);
    return declineGroupInvitation(p.group_id);
  });
  const b = (what: Parameters<typeof act.mutate>[0], variant: 'primary' | 'secondary' = 'primary') => (
    <Button
      size="small"
      variant={variant}
      loading={act.isPending && act.variables === what}
      onClick={() => (what === 'withdraw' ? setWithdrawing(true) : act.mutate(what))}
      data-testid={`pending-${what}-${p.user._id}`}
    >
      {t(`groups.action.${what}`)}
    </Button>
  );
  return (
    <li
      className="wall-card wall-row"
      style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}
      data-testid={`pending-${p.kind}-${p.group_id}-${p.user._id}`}
    >
      <span className="wall-row">
        {mine ? (
          <Link to={`/group/${p.group_id}`}>{p.group_name}</Link>
        ) : (
          <>
            <Avatar id={p.user._id} name={p.user.fullName} src={p.user.avatar} size="small" /> {p.user.fullName}
          </>
        )}
        <span className="wall-muted">
          {t(`groups.kind.${p.kind}`)} · {new Date(p.created).toLocaleDateString(i18n.language)}
        </span>
      </span>
      <span className="wall-row">
        {mine
          ? p.kind === 'invitation'
            ? [b('accept'), b('decline', 'secondary')]
            : b('cancel', 'secondary')
          : p.kind === 'request'
            ? [b('approve'), b('reject', 'secondary')]
            : b('withdraw', 'secondary')}
      </span>
      <ConfirmDialog
        open={withdrawing}
        message={t('groups.confirmWithdraw', { name: p.user.fullName })}
        onConfirm={() => act.mutateAsync('withdraw').then(() => setWithdrawing(false))}
        onCancel={() => setWithdrawing(false)}
      />
    </li>
  );
}
