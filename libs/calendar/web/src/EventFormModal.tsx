import { useMemo, useState } from 'react';
import { calendarText } from './locales.ts';
import { DateTime } from 'luxon';
import {
  ALWAYS,
  EVENT_COLORS,
  EVENT_DESCRIPTION_MAX,
  EVENT_NAME_MAX,
  EVENT_REMIND_CHOICES,
  eventFormSchema,
  pastIssue,
  REPEAT_PERIODS,
  WEEKDAYS,
  type EventForm,
  type Occurrence,
  type SeriesScope,
} from '@intranet/calendar-contract';
import { createEvent } from './api/event-create.ts';
import { createPeriodicEvent } from './api/event-create-periodic.ts';
import { updateEvent } from './api/event-update.ts';
import { updatePeriodicEvent } from './api/event-update-periodic.ts';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { Button, Checkbox, FormGrid, Modal, Select } from '@intranet/web-ui';
import { MembersPicker } from './members.tsx';
import { shiftWeekdays, zoneOfBrowser } from './time.ts';

export type FormMode = { kind: 'create'; date: string; start: string; end: string } | { kind: 'edit'; occ: Occurrence };

const numberOrNull = { setValueAs: (v: unknown) => (v === '' || v == null || Number.isNaN(v) ? null : Number(v)) };
const emptyAsNullDate = { setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() ? v : null) };

/**
 * The form's schema: the contract's, plus §5 "not in the past" as the server checks it (a new event, or a changed
 * date or start), so the error shows on the first submit beside the others rather than after a round trip.
 */
function formSchema(original: { date: string; start_time: string } | null) {
  return eventFormSchema.superRefine((v, ctx) => {
    if (typeof v.date !== 'string' || typeof v.start_time !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v.date) || !/^\d{2}:\d{2}$/.test(v.start_time)) return;
    if (original && original.date === v.date && original.start_time === v.start_time) return;
    const issue = pastIssue(v.date, v.start_time, typeof v.tz === 'string' ? v.tz : 'UTC');
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  }, ALWAYS);
}

/** The weekday (MO..SU) of a YYYY-MM-DD date, or null for an unreadable one. */
const weekdayOf = (date: string) => {
  const d = DateTime.fromISO(date);
  return d.isValid ? WEEKDAYS[d.weekday - 1]! : null;
};

/** "used / limit" under a text field: the limit is shown, never enforced by cutting the text (§5 refuses it instead). */
function Counter({ value, max }: { value: string | undefined; max: number }) {
  const used = value?.length ?? 0;
  return <span className={`cal-counter${used > max ? ' cal-counter--over' : ''}`}>{`${used} / ${max}`}</span>;
}

/** The remind options worded with plurals (minutes, hours, a day). */
export function useRemindChoices() {
  const { t } = calendarText.useT();
  return [
    { value: '', label: t('remindNone') },
    ...EVENT_REMIND_CHOICES.map((m) => ({
      value: String(m),
      label: m === 1440 ? t('remindDay') : m >= 60 ? t('remindHours', { count: m / 60 }) : t('remindMinutes', { count: m }),
    })),
  ];
}

/**
 * The event form (§5 Event texts under each field, from the contract's schema and the server's codes): name, date,
 * start and end, colour, description, members, web conference link, reminder and the repeat (daily; weekly on
 * weekdays; monthly; yearly; until a date or a count). Editing one occurrence of a series asks what the change
 * applies to: this one, this and following, or the whole series. Calls POST api/event, POST
 * api/event/periodic_event, PUT api/event/{id} or PUT api/event/periodic_event/{id}; `onSaved` after success.
 */
export function EventFormModal({ mode, onClose, onSaved }: { mode: FormMode; onClose: () => void; onSaved: () => void }) {
  const { t } = calendarText.useT();
  const remindChoices = useRemindChoices();
  const occ = mode.kind === 'edit' ? mode.occ : null;
  const [scope, setScope] = useState<SeriesScope>('one');
  const defaults: EventForm = occ
    ? {
        name: occ.name,
        date: occ.date,
        start_time: occ.start_time,
        end_time: occ.end_time,
        color: occ.color,
        description: occ.description,
        members: occ.members,
        link: occ.link,
        remind: occ.remind,
        tz: occ.tz,
        repeat: occ.repeat
          ? { period: occ.repeat.period, interval: occ.repeat.interval, weekdays: occ.repeat.weekdays, until: occ.repeat.until, count: occ.repeat.count }
          : null,
      }
    : {
        name: '',
        date: mode.kind === 'create' ? mode.date : '',
        start_time: mode.kind === 'create' ? mode.start : '10:00',
        end_time: mode.kind === 'create' ? mode.end : '11:00',
        color: EVENT_COLORS[0],
        description: '',
        members: [],
        link: '',
        remind: 10,
        tz: zoneOfBrowser(),
        repeat: null,
      };

  const schema = useMemo(() => formSchema(occ ? { date: occ.date, start_time: occ.start_time } : null), [occ]);
  const form = useApiForm({
    schema,
    defaultValues: defaults,
    onSubmit: async (v) => {
      if (!occ) {
        if (v.repeat) await createPeriodicEvent({ ...v, repeat: v.repeat });
        else await createEvent(v);
      } else if (!occ.periodic) {
        await updateEvent(occ._id, v);
      } else {
        // 'all' changes the series: its first date moves by as many days as this occurrence did.
        const delta = Math.round(DateTime.fromISO(v.date).diff(DateTime.fromISO(occ.date), 'days').days);
        const repeat = v.repeat ?? undefined;
        const shifted = repeat && scope !== 'one' && delta ? { ...repeat, weekdays: shiftWeekdays(repeat.weekdays, delta) } : repeat;
        const date = scope === 'all' && occ.series_date ? DateTime.fromISO(occ.series_date).plus({ days: delta }).toISODate()! : v.date;
        await updatePeriodicEvent(occ._id, { ...v, date, repeat: shifted, scope, occurrence: occ.occurrence ?? undefined });
      }
      onSaved();
    },
  });
  const repeat = form.watch('repeat');
  const color = form.watch('color');
  const members = form.watch('members');
  const name = form.watch('name');
  const description = form.watch('description');
  const periodicEdit = !!occ?.periodic;

  return (
    <Modal open title={occ ? t('editEvent') : t('newEvent')} onClose={onClose} dismissible={!form.busy} testId="event-form">
      <ApiFormView form={form} id="event-form-el" errorTestId="event-form-error">
        <FormGrid>
          <FormField form={form} name="name" id="event-name" label={t('name')} required wide hint={<Counter value={name} max={EVENT_NAME_MAX} />} />
          <FormField form={form} name="date" id="event-date" label={t('date')} type="date" required />
          <div className="cal-times">
            <FormField form={form} name="start_time" id="event-start" label={t('start')} type="time" required />
            <FormField form={form} name="end_time" id="event-end" label={t('end')} type="time" required />
          </div>
          <fieldset className="cal-colours" aria-label={t('colour')}>
            <legend className="ui-field__label">{t('colour')}</legend>
            {EVENT_COLORS.map((c) => (
              <label key={c} className={`cal-swatch${color === c ? ' cal-swatch--on' : ''}`} style={{ background: c }}>
                <input type="radio" name="event-colour" value={c} checked={color === c} onChange={() => form.setValue('color', c)} aria-label={c} />
              </label>
            ))}
          </fieldset>
          <FormField form={form} name="remind" id="event-remind" label={t('remind')} choices={remindChoices} rules={numberOrNull} />
          <div className="cal-wide">
            <MembersPicker
              required
              value={members ?? []}
              onChange={(ids) => form.setValue('members', ids, { shouldValidate: form.formState.isSubmitted })}
              error={form.errorOf('members')}
            />
          </div>
          <FormField form={form} name="link" id="event-link" label={t('link')} type="url" wide placeholder="https://" />
          <FormField
            form={form}
            name="description"
            id="event-description"
            label={t('description')}
            rows={3}
            wide
            hint={<Counter value={description} max={EVENT_DESCRIPTION_MAX} />}
          />
          <Select
            id="event-repeat"
            data-testid="event-repeat"
            label={t('repeat')}
            value={repeat?.period ?? ''}
            options={[...(periodicEdit ? [] : [{ value: '', label: t('repeatNone') }]), ...REPEAT_PERIODS.map((p) => ({ value: p, label: t(`period_${p}`) }))]}
            onChange={(e) => {
              const p = e.target.value as (typeof REPEAT_PERIODS)[number] | '';
              // Weekly starts on the event date's weekday (the series' first occurrence is that day).
              const day = weekdayOf(form.getValues('date') ?? '');
              const weekdays = repeat?.weekdays?.length ? repeat.weekdays : p === 'week' && day ? [day] : [];
              form.setValue(
                'repeat',
                p ? { period: p, interval: repeat?.interval ?? 1, weekdays, until: repeat?.until ?? null, count: repeat?.count ?? null } : null,
              );
            }}
          />
          {repeat ? (
            <>
              <FormField
                form={form}
                name="repeat.interval"
                id="event-interval"
                label={t('interval')}
                type="number"
                min={1}
                max={99}
                rules={{ valueAsNumber: true }}
              />
              {repeat.period === 'week' ? (
                <fieldset className="cal-weekdays cal-wide">
                  <legend className="ui-field__label">{t('weekdays')}</legend>
                  {WEEKDAYS.map((d) => (
                    <Checkbox
                      key={d}
                      label={t(`wd_${d}`)}
                      data-testid={`event-wd-${d}`}
                      checked={repeat.weekdays?.includes(d) ?? false}
                      onChange={(e) =>
                        form.setValue('repeat.weekdays', e.target.checked ? [...(repeat.weekdays ?? []), d] : (repeat.weekdays ?? []).filter((x) => x !== d), {
                          shouldValidate: form.formState.isSubmitted,
                        })
                      }
                    />
                  ))}
                  {form.errorOf('repeat.weekdays') ? (
                    <p className="ui-field__error" role="alert">
                      {form.errorOf('repeat.weekdays')}
                    </p>
                  ) : null}
                </fieldset>
              ) : null}
              <FormField form={form} name="repeat.until" id="event-until" label={t('endsOn')} type="date" rules={emptyAsNullDate} />
              <FormField form={form} name="repeat.count" id="event-count" label={t('endsAfter')} type="number" min={2} max={1000} rules={numberOrNull} />
            </>
          ) : null}
          {periodicEdit ? (
            <fieldset className="cal-wide cal-scope" data-testid="event-scope">
              <legend className="ui-field__label">{t('scopeEdit')}</legend>
              {(['one', 'following', 'all'] as const).map((s) => (
                <label key={s} className="ui-checkbox">
                  <input type="radio" name="event-scope" value={s} checked={scope === s} onChange={() => setScope(s)} data-testid={`event-scope-${s}`} />
                  <span>{t(`scope.${s}`)}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
        </FormGrid>
        <SubmitRow form={form} label={occ ? t('save') : t('create')} busyLabel={t('saving')} testId="event-save">
          <Button variant="ghost" type="button" onClick={onClose} disabled={form.busy}>
            {t('cancel')}
          </Button>
        </SubmitRow>
      </ApiFormView>
    </Modal>
  );
}
