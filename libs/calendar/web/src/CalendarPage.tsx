// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient bridge must join every program that compiles this file (lib and remote).
/// <reference path="./rbc-dnd.d.ts" />
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { calendarText } from './locales.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { Calendar, luxonLocalizer, Views, type Formats, type View } from 'react-big-calendar';
import withDragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { calendarEvents, type Occurrence, type SeriesScope } from '@intranet/calendar-contract';
import { useClientEvents } from './api/event-by-client.ts';
import { getEvent } from './api/event-get.ts';
import { removeEvent } from './api/event-remove.ts';
import { removePeriodicEvent } from './api/event-remove-periodic.ts';
import { updateEvent } from './api/event-update.ts';
import { updatePeriodicEvent } from './api/event-update-periodic.ts';
import { calendarKeys } from './api/keys.ts';
import { useErrorText } from '@intranet/web-i18n';
import { useRealtimeEvent, useSession } from '@intranet/web-session';
import { Button, ConfirmDialog, ErrorState, Loader, readableOn, useBelow, useNotifier } from '@intranet/web-ui';
import { EventFormModal, type FormMode } from './EventFormModal.tsx';
import { EventDetails, ScopeDialog } from './EventDetails.tsx';
import { FeedModal } from './FeedModal.tsx';
import { shiftWeekdays, zoneOfBrowser } from './time.ts';
import './calendar.css';

interface CalEvent {
  title: string;
  start: Date;
  end: Date;
  resource: Occurrence;
}
const DnDCalendar = withDragAndDrop<CalEvent>(Calendar);
const localizer = luxonLocalizer(DateTime, { firstDayOfWeek: 1 });

/** The month title in the nominative (LLLL: the standalone month, "ноябрь 2026" rather than "ноября 2026"), capitalised. */
const formats: Formats = {
  monthHeaderFormat: (date: Date, culture?: string) => {
    const text = DateTime.fromJSDate(date)
      .setLocale(culture ?? 'en')
      .toFormat('LLLL yyyy');
    return text.charAt(0).toLocaleUpperCase(culture) + text.slice(1);
  },
};

/** An occurrence's start time as the localizer words times (the user's locale, e.g. "2:00 PM" in en, "14:00" in ru). */
const timeOf = (o: Occurrence, culture: string) => localizer.format(new Date(o.start), 't', culture);

/** The date range a view shows around `date` (local dates, `to` exclusive), with a margin for the month grid. */
function rangeOf(view: View, date: Date): { from: string; to: string } {
  const d = DateTime.fromJSDate(date);
  const span =
    view === Views.MONTH
      ? { from: d.startOf('month').minus({ days: 7 }), to: d.endOf('month').plus({ days: 8 }) }
      : view === Views.WEEK
        ? { from: d.startOf('week'), to: d.startOf('week').plus({ days: 7 }) }
        : view === Views.DAY
          ? { from: d.startOf('day'), to: d.startOf('day').plus({ days: 1 }) }
          : { from: d.startOf('day'), to: d.startOf('day').plus({ days: 31 }) };
  return { from: span.from.toISODate()!, to: span.to.toISODate()! };
}

type Pending = { occ: Occurrence; start: Date; end: Date };

/**
 * §2 /calendar/ (menu "events"): month, week, day and agenda views (react-big-calendar) of the occurrences the user
 * may see in the shown range (GET /api/event/byClient/{client}?from&to&tz); creating by selecting a slot or the
 * "New event" button (events_create), opening an occurrence for details, change, .ics download and deletion
 * (confirmed; for a series: this one, this and following, all), dragging an occurrence to move it (a series asks
 * which ones), and the private .ics subscription link. evt.calendar.event.* from the realtime socket refresh it live.
 */
export function CalendarPage() {
  const { t, i18n } = calendarText.useT();
  const errorText = useErrorText();
  const notifier = useNotifier();
  const qc = useQueryClient();
  const phone = useBelow('tablet');
  // A month cell narrower than ~100 px (phones) fits the name or the time, not both.
  const narrow = useBelow('mobile');
  const { uid, client, isAdmin, hasRight } = useSession();
  const canCreate = hasRight('events_create');
  const tz = zoneOfBrowser();
  // ?view=month|week|day|agenda opens that view (a link to the agenda, say); phones start on the agenda.
  const [view, setView] = useState<View>(() => {
    const asked = new URLSearchParams(window.location.search).get('view');
    return asked && (Object.values(Views) as string[]).includes(asked) ? (asked as View) : phone ? Views.AGENDA : Views.MONTH;
  });
  const [date, setDate] = useState(new Date());
  const [form, setForm] = useState<FormMode | null>(null);
  const [open, setOpen] = useState<Occurrence | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [deleting, setDeleting] = useState<Occurrence | null>(null);
  const [feed, setFeed] = useState(false);
  const [search, setSearch] = useSearchParams();
  const range = rangeOf(view, date);
  const culture = i18n.language === 'ua' ? 'uk' : i18n.language;
  const clientId = client?._id ?? '';

  const list = useClientEvents(clientId, range, tz);
  const refresh = () => void qc.invalidateQueries({ queryKey: calendarKeys.ranges() });
  useRealtimeEvent(calendarEvents.created.subject, refresh);
  useRealtimeEvent(calendarEvents.updated.subject, refresh);
  useRealtimeEvent(calendarEvents.deleted.subject, refresh);

  const events = useMemo<CalEvent[]>(
    () => (list.data ?? []).map((o) => ({ title: o.name, start: new Date(o.start), end: new Date(o.end), resource: o })),
    [list.data],
  );
  const canEdit = (o: Occurrence) => isAdmin || o.organiser === uid;
  const components = useMemo(() => {
    const nameOnly = narrow && view === Views.MONTH;
    return {
      event: function GridEvent({ event }: { event: CalEvent }) {
        return <EventLabel event={event} time={nameOnly ? null : timeOf(event.resource, culture)} />;
      },
      agenda: {
        event: function AgendaEvent({ event }: { event: CalEvent }) {
          return <EventLabel event={event} time={timeOf(event.resource, culture)} />;
        },
      },
    };
  }, [narrow, view, culture]);

  // ?event=<id>[&occurrence=<date>] (a notification's link): that occurrence's details, on its date.
  const linked = search.get('event');
  const linkedOccurrence = search.get('occurrence');
  useEffect(() => {
    if (!linked) return;
    const ac = new AbortController();
    getEvent(linked, linkedOccurrence, ac.signal)
      .then((occ) => {
        setDate(new Date(occ.start));
        setOpen(occ);
      })
      .catch((e: unknown) => {
        if (!ac.signal.aborted) notifier.error(errorText(e));
      });
    return () => ac.abort();
    // notifier and errorText change identity with renders; the link alone decides.
  }, [linked, linkedOccurrence]);
  const closeDetails = () => {
    setOpen(null);
    if (linked) {
      // Closing the linked event leaves a plain calendar URL (a reload does not open it again).
      const rest = new URLSearchParams(search);
      rest.delete('event');
      rest.delete('occurrence');
      setSearch(rest, { replace: true });
    }
  };

  const move = useMutation({
    mutationFn: async ({ occ, start, end, scope }: Pending & { scope: SeriesScope | null }) => {
      const s = DateTime.fromJSDate(start).setZone(occ.tz);
      const e = DateTime.fromJSDate(end).setZone(occ.tz);
      const fields = {
        name: occ.name,
        date: s.toISODate()!,
        start_time: s.toFormat('HH:mm'),
        end_time: e.toFormat('HH:mm'),
        color: occ.color,
        description: occ.description,
        members: occ.members,
        link: occ.link,
        remind: occ.remind,
        tz: occ.tz,
      };
      if (!occ.periodic || !scope) return updateEvent(occ._id, fields, true);
      const delta = Math.round(DateTime.fromISO(fields.date).diff(DateTime.fromISO(occ.date), 'days').days);
      const r = occ.repeat!;
      const repeat = {
        period: r.period,
        interval: r.interval,
        weekdays: scope === 'one' ? r.weekdays : shiftWeekdays(r.weekdays, delta),
        until: r.until,
        count: r.count,
      };
      const seriesDate = scope === 'all' && occ.series_date ? DateTime.fromISO(occ.series_date).plus({ days: delta }).toISODate()! : fields.date;
      return updatePeriodicEvent(occ._id, { ...fields, date: seriesDate, repeat, scope, occurrence: occ.occurrence ?? undefined }, true);
    },
    onSuccess: () => {
      notifier.toast(t('saved'), 'success');
      refresh();
    },
    onError: (err) => notifier.error(errorText(err)),
    onSettled: () => setPending(null),
  });

  const remove = async (occ: Occurrence, scope: SeriesScope | null) => {
    if (!occ.periodic) await removeEvent(occ._id);
    else await removePeriodicEvent(occ._id, scope, occ.occurrence);
    notifier.toast(t('deleted'), 'success');
    setDeleting(null);
    closeDetails();
    refresh();
  };

  const onDrop = ({ event, start, end }: EventInteractionArgs<CalEvent>) => {
    const p = { occ: event.resource, start: new Date(start), end: new Date(end) };
    if (event.resource.periodic) setPending(p);
    else move.mutate({ ...p, scope: null });
  };

  const messages = {
    today: t('today'),
    previous: t('previous'),
    next: t('next'),
    month: t('month'),
    week: t('week'),
    day: t('day'),
    agenda: t('agenda'),
    date: t('date'),
    time: t('time'),
    event: t('event'),
    allDay: t('allDay'),
    noEventsInRange: t('empty'),
    showMore: (count: number) => t('showMore', { count }),
  };

  return (
    <section className="page cal-page" data-testid="calendar-page">
      <header className="cal-head">
        <h1>{t('title')}</h1>
        <div className="cal-actions">
          <Button variant="secondary" onClick={() => setFeed(true)} data-testid="calendar-feed">
            {t('feed')}
          </Button>
          {canCreate ? (
            <Button
              onClick={() => setForm({ kind: 'create', date: DateTime.now().plus({ days: 1 }).toISODate()!, start: '10:00', end: '11:00' })}
              data-testid="calendar-new"
            >
              {t('newEvent')}
            </Button>
          ) : null}
        </div>
      </header>
      {list.isPending && !list.data ? (
        <Loader />
      ) : list.isError && !list.data ? (
        <ErrorState title={t('loadError')} onRetry={() => void list.refetch()} />
      ) : (
        <div className="cal-grid" data-testid="calendar-grid" aria-busy={list.isFetching}>
          <DnDCalendar
            localizer={localizer}
            culture={culture}
            formats={formats}
            events={events}
            view={view}
            views={[Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA]}
            onView={setView}
            date={date}
            onNavigate={setDate}
            messages={messages}
            popup
            selectable={canCreate}
            onSelectSlot={(s) => {
              const st = DateTime.fromJSDate(s.start);
              const en = DateTime.fromJSDate(s.end);
              const timed = view === Views.WEEK || view === Views.DAY;
              setForm({ kind: 'create', date: st.toISODate()!, start: timed ? st.toFormat('HH:mm') : '10:00', end: timed ? en.toFormat('HH:mm') : '11:00' });
            }}
            onSelectEvent={(e) => setOpen(e.resource)}
            draggableAccessor={(e) => canEdit(e.resource)}
            resizableAccessor={(e) => canEdit(e.resource)}
            onEventDrop={onDrop}
            onEventResize={onDrop}
            eventPropGetter={(e) =>
              ({
                style: { background: e.resource.color, borderColor: e.resource.color, color: readableOn(e.resource.color) },
                'data-testid': `cal-event-${e.resource._id}-${e.resource.occurrence ?? 'single'}`,
              }) as never
            }
            components={components}
            style={{ minHeight: phone ? 520 : 680 }}
          />
        </div>
      )}
      {open ? (
        <EventDetails
          occ={open}
          canEdit={canEdit(open)}
          onClose={closeDetails}
          onEdit={() => {
            setForm({ kind: 'edit', occ: open });
            closeDetails();
          }}
          onDelete={() => setDeleting(open)}
        />
      ) : null}
      {form ? (
        <EventFormModal
          mode={form}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            notifier.toast(t('saved'), 'success');
            refresh();
          }}
        />
      ) : null}
      {pending ? (
        <ScopeDialog
          title={t('scopeMove')}
          testId="move-scope"
          onCancel={() => setPending(null)}
          onChoose={(scope) => move.mutate({ ...pending, scope })}
          busy={move.isPending}
        />
      ) : null}
      {deleting && deleting.periodic ? (
        <ScopeDialog
          title={t('scopeDelete')}
          testId="delete-scope"
          danger
          onCancel={() => setDeleting(null)}
          onChoose={(scope) => remove(deleting, scope).catch((e) => notifier.error(errorText(e)))}
        />
      ) : null}
      {deleting && !deleting.periodic ? (
        <ConfirmDialog
          open
          danger
          title={t('deleteEvent')}
          message={t('deleteConfirm', { name: deleting.name })}
          confirmLabel={t('delete')}
          cancelLabel={t('cancel')}
          onConfirm={() => remove(deleting, null)}
          onCancel={() => setDeleting(null)}
          testId="delete-confirm"
        />
      ) : null}
      {feed ? <FeedModal onClose={() => setFeed(false)} /> : null}
    </section>
  );
}

/**
 * An occurrence in the grid: its start time (in the user's locale, as the agenda's time column) and name; `time`
 * null shows the name alone (the month grid on a phone, where a cell fits a few characters).
 */
function EventLabel({ event, time }: { event: CalEvent; time: string | null }) {
  const o = event.resource;
  return (
    <span data-testid={`cal-ev-${o.occurrence ?? o._id}`} title={time ? `${time} ${event.title}` : event.title}>
      {time ? <span className="cal-ev-time">{time} </span> : null}
      {event.title}
    </span>
  );
}
