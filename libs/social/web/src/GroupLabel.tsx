import { Link } from 'react-router';
import { wallText } from './locales.ts';
import { useGroupPreview } from './api/group-get.ts';

/**
 * "in group X" under a group post's author, linking to /group/{id} (issue 29 §23: on the author's profile a group
 * post did not say where it was written). The name comes from GET api/group/{id} under the key the group page uses,
 * so one request serves every post of that group; until it answers the link reads "in a group".
 */
export function GroupLabel({ id, postId }: { id: string; postId: string }) {
  const { t } = wallText.useT();
  const g = useGroupPreview(id);
  return (
    <span className="wall-muted" data-testid={`post-group-${postId}`}>
      {' · '}
      <Link to={`/group/${id}`}>{g.data ? t('post.inGroup', { name: g.data.name }) : t('post.inAGroup')}</Link>
    </span>
  );
}
