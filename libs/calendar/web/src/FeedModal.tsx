import { useState } from 'react';
import { calendarText } from './locales.ts';
import { useIcsFeed } from './api/feed-get.ts';
import { useIssueFeed } from './api/feed-issue.ts';
import { useRevokeFeed } from './api/feed-revoke.ts';
import { useErrorText } from '@intranet/web-i18n';
import { Alert, Button, Input, Loader, Modal } from '@intranet/web-ui';

/**
 * The private .ics subscription link (GET/POST/DELETE /api/event/feed): shown with a copy button, replaced by a new
 * one (the old stops working) or revoked.
 */
export function FeedModal({ onClose }: { onClose: () => void }) {
  const { t } = calendarText.useT();
  const errorText = useErrorText();
  const [copied, setCopied] = useState(false);
  const feed = useIcsFeed();
  const issue = useIssueFeed();
  const revoke = useRevokeFeed();
  const url = feed.data?.path ? `${window.location.origin}${feed.data.path}` : null;
  const error = issue.error ?? revoke.error ?? feed.error;
  return (
    <Modal open title={t('feedTitle')} onClose={onClose} testId="feed-modal">
      <p>{t('feedHint')}</p>
      {error ? <Alert>{errorText(error)}</Alert> : null}
      {feed.isPending ? (
        <Loader />
      ) : url ? (
        <Input label={t('feedTitle')} readOnly value={url} data-testid="feed-url" onFocus={(e) => e.currentTarget.select()} />
      ) : (
        <p data-testid="feed-none">{t('feedNone')}</p>
      )}
      <div className="ui-form-actions">
        {url ? (
          <Button
            onClick={() => {
              void navigator.clipboard?.writeText(url).then(() => setCopied(true));
            }}
          >
            {copied ? t('feedCopied') : t('feedCopy')}
          </Button>
        ) : null}
        <Button variant={url ? 'secondary' : 'primary'} loading={issue.isPending} onClick={() => issue.mutate()} data-testid="feed-issue">
          {url ? t('feedRotate') : t('feedIssue')}
        </Button>
        {url ? (
          <Button variant="danger" loading={revoke.isPending} onClick={() => revoke.mutate()} data-testid="feed-revoke">
            {t('feedRevoke')}
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}
