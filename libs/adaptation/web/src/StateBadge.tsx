import type { Track } from '@intranet/adaptation-contract';
import { Badge } from '@intranet/web-ui';
import { adaptationText } from './locales.ts';

/** A track's §4 state as a badge: not running, running, completed, contains errors. */
export function StateBadge({ state }: { state: Track['state'] }) {
  const { t } = adaptationText.useT();
  const tone = state === 'running' ? 'primary' : state === 'errors' ? 'danger' : state === 'completed' ? 'success' : undefined;
  return <Badge {...(tone ? { tone } : {})}>{t(`trackState.${state}`)}</Badge>;
}
