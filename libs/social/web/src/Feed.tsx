import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { FeedPage } from '@intranet/social-contract';
import { wallText } from './locales.ts';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Button, EmptyState, ErrorState, Loader } from '@intranet/web-ui';
import { PostCard } from './PostCard.tsx';
import { useFeedViews } from './views.ts';

/**
 * A feed of posts with loading, empty and error states and a "more" button (20 a page). Posts of others that scroll
 * into view are registered as viewed (`where`: which feed), in batches.
 */
export function Feed({
  q,
  testId,
  where = 'feed',
  emptyText,
}: {
  q: UseInfiniteQueryResult<InfiniteData<FeedPage>>;
  testId: string;
  where?: string;
  emptyText?: string;
}) {
  const { t } = wallText.useT();
  const { uid } = useSession();
  const track = useFeedViews(where);
  if (q.isPending) return <Loader testId={`${testId}-loading`} />;
  if (q.isError) return <ErrorState title={t('loadError')} message={errorText(q.error)} onRetry={() => void q.refetch()} testId={`${testId}-error`} />;
  const posts = q.data.pages.flatMap((p) => p.posts);
  if (posts.length === 0) return <EmptyState title={emptyText ?? t('empty')} testId={`${testId}-empty`} />;
  return (
    <div className="wall-feed" data-testid={testId} data-count={posts.length}>
      {posts.map((p) => (
        // One's own posts are not counted as viewed by their author.
        <div key={p._id} data-post-id={p._id} ref={!p.viewed && p.author._id !== uid ? track : undefined}>
          <PostCard post={p} showGroup={where !== 'group'} />
        </div>
      ))}
      {q.hasNextPage ? (
        <Button variant="secondary" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage} data-testid={`${testId}-more`}>
          {t('more')}
        </Button>
      ) : null}
    </div>
  );
}
