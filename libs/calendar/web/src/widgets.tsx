import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { calendarText } from './locales.ts';
import { calendarEvents } from '@intranet/calendar-contract';
import { useMyEvents } from './api/event-access-for.ts';
import { calendarKeys } from './api/keys.ts';
import { errorText } from '@intranet/web-i18n';
import { useRealtimeEvent, useSession } from '@intranet/web-session';
import { Button, Loader } from '@intranet/web-ui';
import { CalendarDays } from 'lucide-react';
import { FeedModal } from './FeedModal.tsx';
import { zoneOfBrowser } from './time.ts';
import './calendar.css';

/** How far ahead the wall's events widget looks (days) and how many occurrences it shows. */
const WIDGET_DAYS = 30;
const WIDGET_ITEMS = 5;

/** A local date (YYYY-MM-DD) `days` after today in the browser's zone. */
function localDate(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The wall's "events" widget (§2 company feed widgets): the caller's next occurrences (organiser or member) over the
 * next 30 days, at most five, from GET api/user/{clientId}/events/access_for/{userId} (a range read, so a daily
 * series is never sent whole); live on evt.calendar.event.*. Without the `calendar` right or feature: nothing.
 * Exposed by the calendar remote as `calendar/EventsWidget` in the `wall` slot. Test id: events-widget.
 */
export function EventsWidget() {
  const { t, i18n } = calendarText.useT();
  const qc = useQueryClient();
  const { uid, client } = useSession();
  const clientId = client?._id ?? null;
  const tz = zoneOfBrowser();
  const range = { from: localDate(0), to: localDate(WIDGET_DAYS) };
  const q = useMyEvents(clientId, uid ?? null, range, tz);
  const refresh = () => void qc.invalidateQueries({ queryKey: calendarKeys.widget() });
  useRealtimeEvent(calendarEvents.created.subject, refresh, !!clientId);
  useRealtimeEvent(calendarEvents.updated.subject, refresh, !!clientId);
  useRealtimeEvent(calendarEvents.deleted.subject, refresh, !!clientId);
  if (!clientId || !uid || (q.isError && [403, 404].includes((q.error as { status?: number }).status ?? 0))) return null;
  const now = Date.now();
  const next = (q.data ?? [])
    .filter((o) => Date.parse(o.end) > now)
    .sort((a, b) => a.start.localeCompare(b.start))
    .slice(0, WIDGET_ITEMS);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return (
    <section className="ui-card cal-widget" data-testid="events-widget">
      <h3>
        {t('widgetTitle')} <Link to="/calendar/?view=agenda">{t('widgetAll')}</Link>
      </h3>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <span className="cal-widget__meta">{errorText(q.error)}</span>
      ) : next.length === 0 ? (
        <span className="cal-widget__meta" data-testid="events-widget-empty">
          {t('widgetEmpty')}
        </span>
      ) : (
        <ul className="cal-widget__list">
          {next.map((o) => (
            <li key={`${o._id}-${o.occurrence ?? ''}`} data-testid={`events-widget-item-${o._id}`}>
              <span className="cal-widget__dot" style={{ background: o.color }} aria-hidden="true" />
              <span>
                <Link to="/calendar/">{o.name}</Link>
                <br />
                <span className="cal-widget__meta">{when(o.start)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The private .ics subscription link in the user's menu (GET/POST/DELETE /api/event/feed): a header button that
 * opens the link with copy, new link and revoke. Exposed by the calendar remote as `calendar/FeedMenu` in the
 * shell's `userMenu` slot; nothing without the `calendar` right. Test id: calendar-feed-menu.
 */
export function FeedMenu() {
  const { t } = calendarText.useT();
  const { hasRight, client } = useSession();
  const [open, setOpen] = useState(false);
  const off = client?.features?.some((f) => f.feature === 'calendar' && !f.active);
  if (!client || off || !hasRight('calendar')) return null;
  return (
    <>
      <Button size="small" variant="ghost" onClick={() => setOpen(true)} title={t('feedTitle')} data-testid="calendar-feed-menu">
        <CalendarDays size={16} aria-hidden="true" /> <span className="cal-feed-menu__label">{t('feed')}</span>
      </Button>
      {open ? <FeedModal onClose={() => setOpen(false)} /> : null}
    </>
  );
}
