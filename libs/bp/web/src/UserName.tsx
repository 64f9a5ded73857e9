import { useUserNames } from '@intranet/web-session/people';

/** A user's full name (GET api/user/{id}), '…' while loading. */
export function UserName({ id }: { id: string }) {
  return <>{useUserNames([id]).get(id)}</>;
}
