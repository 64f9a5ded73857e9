import { useState } from 'react';
import { wallText } from './locales.ts';
import type { Group } from '@intranet/social-contract';
import { Badge, Button, ConfirmDialog } from '@intranet/web-ui';
import { useGroupAction } from './api/group-action.ts';
import { acceptGroupInvitation } from './api/group-invitation-accept.ts';
import { declineGroupInvitation } from './api/group-invitation-decline.ts';
import { joinGroup } from './api/group-join.ts';
import { leaveGroup } from './api/group-leave.ts';
import { cancelGroupRequest } from './api/group-request-cancel.ts';

/** The caller's own actions on a group, by route key (the pending button is the one whose key is running). */
const ACTIONS = {
  groupJoin: joinGroup,
  groupRequestCancel: cancelGroupRequest,
  groupInvitationAccept: acceptGroupInvitation,
  groupInvitationDecline: declineGroupInvitation,
  groupLeave: leaveGroup,
} as const;
type ActionRoute = keyof typeof ACTIONS;

/** The join / ask / cancel / accept / decline / leave buttons a group shows for the caller's state (§4 Group). */
export function GroupActions({ g, compact }: { g: Group; compact?: boolean }) {
  const { t } = wallText.useT();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const act = useGroupAction((route: ActionRoute) => ACTIONS[route](g._id));
  const size = compact ? 'small' : undefined;
  const btn = (route: ActionRoute, label: 'join' | 'ask' | 'cancel' | 'accept' | 'decline', variant: 'primary' | 'secondary' = 'primary') => (
    <Button
      size={size}
      variant={variant}
      loading={act.isPending && act.variables === route}
      onClick={() => act.mutate(route)}
      data-testid={`group-${label}-${g._id}`}
    >
      {t(`groups.action.${label}`)}
    </Button>
  );
  switch (g.state) {
    case 'none':
      return g.type === 'public' ? btn('groupJoin', 'join') : g.type === 'closed' ? btn('groupJoin', 'ask') : null;
    case 'requested':
      return (
        <span className="wall-row">
          <Badge>{t('groups.state.requested')}</Badge>
          {btn('groupRequestCancel', 'cancel', 'secondary')}
        </span>
      );
    case 'invited':
      return (
        <span className="wall-row">
          {btn('groupInvitationAccept', 'accept')}
          {btn('groupInvitationDecline', 'decline', 'secondary')}
        </span>
      );
    case 'owner':
      return <Badge tone="primary">{t('groups.state.owner')}</Badge>;
    default:
      return (
        <span className="wall-row">
          <Badge>{t(`groups.state.${g.state}`)}</Badge>
          <Button size={size} variant="secondary" onClick={() => setConfirmLeave(true)} data-testid={`group-leave-${g._id}`}>
            {t('groups.action.leave')}
          </Button>
          <ConfirmDialog
            open={confirmLeave}
            danger={false}
            message={t('groups.confirmLeave', { name: g.name })}
            onConfirm={() => act.mutateAsync('groupLeave')}
            onCancel={() => setConfirmLeave(false)}
            testId="group-leave-confirm"
          />
        </span>
      );
  }
}
