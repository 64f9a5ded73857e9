import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { FeedPage } from '@intranet/social-contract';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, ErrorState, Loader } from '@intranet/web-ui';
import { PostCard } from './PostCard.tsx';

/** A feed of posts with loading, empty and error states and a "more" button (20 a page). */
export function Feed({ q, testId }: { q: UseInfiniteQueryResult<InfiniteData<FeedPage>>; testId: string }) {
  const { t } = useTranslation('wall');
  if (q.isPending) return <Loader testId={`${testId}-loading`} />;
  if (q.isError) return <ErrorState title={t('loadError')} message={q.error.message} onRetry={() => void q.refetch()} testId={`${testId}-error`} />;
  const posts = q.data.pages.flatMap((p) => p.posts);
  if (posts.length === 0) return <EmptyState title={t('empty')} testId={`${testId}-empty`} />;
  return (
    <div className="wall-feed" data-testid={testId} data-count={posts.length}>
      {posts.map((p) => <PostCard key={p._id} post={p} />)}
      {q.hasNextPage ? (
        <Button variant="secondary" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage} data-testid={`${testId}-more`}>{t('more')}</Button>
      ) : null}
    </div>
  );
}
