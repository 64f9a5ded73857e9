import { useState } from 'react';
import { wallText } from './locales.ts';
import type { Group } from '@intranet/social-contract';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Badge, Button, ConfirmDialog, ErrorState, Loader, Pagination } from '@intranet/web-ui';
import { useGroupAction } from './api/group-action.ts';
import { setGroupAdmin } from './api/group-member-admin.ts';
import { removeGroupMember } from './api/group-member-remove.ts';
import { useGroupMembers } from './api/group-members.ts';
import { setGroupOwner } from './api/group-set-owner.ts';
import { Avatar } from './common.tsx';

/** A group's members tab: members with their role; admins remove, the owner makes admins and hands the group over. */
export function GroupMembers({ g }: { g: Group }) {
  const { t } = wallText.useT();
  const { uid } = useSession();
  const [page, setPage] = useState(1);
  const q = useGroupMembers(g._id, page);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const act = useGroupAction(async (a: { what: 'remove' | 'admin' | 'member' | 'owner'; userId: string }) => {
    if (a.what === 'remove') return removeGroupMember(g._id, a.userId);
    if (a.what === 'owner') return setGroupOwner(g._id, a.userId);
    return setGroupAdmin(g._id, a.userId, a.what === 'admin');
  });
  if (q.isPending) return <Loader />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const owner = g.state === 'owner';
  return (
    <>
      <ul className="group-list" data-testid="group-members">
        {q.data.members.map((m) => (
          <li key={m._id} className="wall-card wall-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }} data-testid={`member-${m._id}`}>
            <span className="wall-row">
              <Avatar id={m._id} name={m.fullName} src={m.avatar} size="small" /> {m.fullName}
              {m.role !== 'member' ? <Badge tone="primary">{t(`groups.state.${m.role}`)}</Badge> : null}
            </span>
            {g.can_admin && m.role !== 'owner' && m._id !== uid ? (
              <span className="wall-row">
                {owner ? (
                  <>
                    <Button size="small" variant="secondary" onClick={() => act.mutate({ what: m.role === 'admin' ? 'member' : 'admin', userId: m._id })}>
                      {t(m.role === 'admin' ? 'groups.action.unadmin' : 'groups.action.admin')}
                    </Button>
                    <Button size="small" variant="secondary" onClick={() => act.mutate({ what: 'owner', userId: m._id })} data-testid={`member-owner-${m._id}`}>
                      {t('groups.action.handOver')}
                    </Button>
                  </>
                ) : null}
                <Button size="small" variant="danger" onClick={() => setRemoving({ id: m._id, name: m.fullName })} data-testid={`member-remove-${m._id}`}>
                  {t('groups.action.remove')}
                </Button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={q.data.limit} total={q.data.total} onChange={setPage} />
      <ConfirmDialog
        open={!!removing}
        message={t('groups.confirmRemove', { name: removing?.name ?? '' })}
        onConfirm={() => act.mutateAsync({ what: 'remove', userId: removing!.id }).then(() => setRemoving(null))}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
