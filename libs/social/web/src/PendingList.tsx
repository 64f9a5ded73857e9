import { wallText } from './locales.ts';
import type { Group } from '@intranet/social-contract';
import { errorText } from '@intranet/web-i18n';
import { EmptyState, ErrorState, Loader } from '@intranet/web-ui';
import { useGroupInvitations } from './api/group-invitations.ts';
import { useGroupRequests } from './api/group-requests.ts';
import { GroupInvite } from './GroupInvite.tsx';
import { PendingRow } from './PendingRow.tsx';

/** A group's requests or invitations tab (group admins); the invitations tab also invites. */
export function PendingList({ g, kind }: { g: Group; kind: 'request' | 'invitation' }) {
  const { t } = wallText.useT();
  const requests = useGroupRequests(g._id, kind === 'request');
  const invitations = useGroupInvitations(g._id, kind === 'invitation');
  const q = kind === 'request' ? requests : invitations;
  if (q.isPending) return <Loader />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  return (
    <>
      {kind === 'invitation' ? <GroupInvite g={g} /> : null}
      {q.data.length === 0 ? (
        <EmptyState title={t(kind === 'request' ? 'groups.noRequests' : 'groups.noInvitations')} />
      ) : (
        <ul className="group-list" data-testid={`group-${kind}s`}>
          {q.data.map((p) => (
            <PendingRow key={p.user._id} p={p} />
          ))}
        </ul>
      )}
    </>
  );
}
