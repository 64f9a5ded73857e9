import { useState } from 'react';
import { MOOD_MAX, MOOD_MIN } from '@intranet/analytics-contract';
import { errorText } from '@intranet/web-i18n';
import { useSession } from '@intranet/web-session';
import { Button, useNotifier } from '@intranet/web-ui';
import { useMoodCheck } from './api/mood-check.ts';
import { useRateMood } from './api/mood-rate.ts';
import { analyticsText } from './locales.ts';

/** A small card over the page's bottom right corner (above the mobile footer), out of the page's flow. */
// In the page's flow below the content, not over it: a fixed card covered links and buttons under it.
const METER_STYLE = { margin: '8px 16px', padding: 8, maxWidth: 'calc(100vw - 32px)' } as const;

/**
 * The root layout's mood meter (§2): a small dismissible 1-10 control, shown only when the check says so, never for
 * the superadmin nor when the client sets hideMoodMeter. Test ids: mood-meter, mood-rate-<n>, mood-dismiss.
 */
export function MoodMeter() {
  const { t } = analyticsText.useT();
  const s = useSession();
  const notifier = useNotifier();
  const [dismissed, setDismissed] = useState(false);
  const superadmin = s.user?.roles?.includes('superadmin') ?? false;
  const hidden = superadmin || !!(s.client as { settings?: { hideMoodMeter?: boolean } } | null)?.settings?.hideMoodMeter;
  const check = useMoodCheck(hidden ? null : (s.uid ?? null));
  const rate = useRateMood();
  if (hidden || dismissed || !check.data?.need) return null;
  const scale = Array.from({ length: MOOD_MAX - MOOD_MIN + 1 }, (_, i) => MOOD_MIN + i);
  return (
    <aside className="ui-card" style={METER_STYLE} data-testid="mood-meter" aria-label={t('meter.title')}>
      <span>{t('meter.title')}</span>{' '}
      {scale.map((n) => (
        <Button
          key={n}
          size="small"
          variant="secondary"
          disabled={rate.isPending}
          onClick={() =>
            rate.mutate(n, { onSuccess: () => notifier.toast(t('meter.thanks'), 'success'), onError: (e) => notifier.toast(errorText(e), 'error') })
          }
          data-testid={`mood-rate-${n}`}
        >
          {n}
        </Button>
      ))}{' '}
      <Button size="small" variant="secondary" onClick={() => setDismissed(true)} data-testid="mood-dismiss" aria-label={t('meter.dismiss')}>
        ×
      </Button>
    </aside>
  );
}
