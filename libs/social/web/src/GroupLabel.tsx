import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { wallText } from './locales.ts';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { socialKeys } from './queries.ts';

/**
 * "in group X" under a group post's author, linking to /group/{id} (issue 29 §23: on the author's profile a group
 * post did not say where it was written). The name comes from GET api/group/{id} under the key the group page uses,
 * so one request serves every post of that group; until it answers the link reads "in a group".
 */
export function GroupLabel({ id, postId }: { id: string; postId: string }) {
  const { t } = wallText.useT();
  const g = useQuery({
    queryKey: [...socialKeys.groups, 'one', id],
    queryFn: ({ signal }) => call(socialRoutes.groupGet, { params: { id }, signal, silent: true }),
    staleTime: 60_000,
    retry: false,
  });
  return (
    <span className="wall-muted" data-testid={`post-group-${postId}`}>
      {' · '}
      <Link to={`/group/${id}`}>{g.data ? t('post.inGroup', { name: g.data.name }) : t('post.inAGroup')}</Link>
    </span>
  );
}
