import { z } from '@intranet/platform-contracts';
import { hoursSchema, PRIORITIES, TASK_TYPES, TASKS_TEXT, taskFieldsSchema } from '@intranet/tasks-contract';

const f = taskFieldsSchema.shape;

/**
 * Hours as typed ('' = none, a comma as the decimal point) → the contract's hours: text such as "abc" is refused
 * with 'Must be a number', a negative number with 'Must be 0 or more', as the server would.
 */
export const hoursText = z
  .string()
  .transform((s, ctx) => {
    const v = s.trim().replace(',', '.');
    if (!v) return null;
    const n = Number(v);
    if (Number.isFinite(n)) return n;
    ctx.addIssue({ code: 'custom', message: TASKS_TEXT.notNumber });
    return z.NEVER;
  })
  .pipe(hoursSchema.nullable());

/** Comma-separated tags → the contract's list (each tag's rule reported on the tags field itself). */
const tagsText = z.string().transform((s, ctx) => {
  const list = [...new Set(s.split(',').map((x) => x.trim()))].filter(Boolean);
  const r = f.tags.safeParse(list);
  if (r.success) return r.data ?? [];
  ctx.addIssue({ code: 'custom', message: r.error.issues[0]!.message });
  return z.NEVER;
});

/** A `datetime-local` value (the user's time) → an ISO instant; '' = no deadline. */
const deadlineText = z.string().transform((s, ctx) => {
  if (!s) return null;
  const d = new Date(s);
  if (!Number.isNaN(d.getTime())) return d.toISOString();
  ctx.addIssue({ code: 'custom', message: 'Invalid date' });
  return z.NEVER;
});

/** A colour picker's value → the contract's colour; '' = none. */
const colourText = z
  .string()
  .transform((s) => s || null)
  .pipe(f.color.unwrap());

const people = z.array(z.object({ _id: z.string(), name: z.string() }));

/**
 * The task drawer's form: the contract's task fields (taskFieldsSchema) as the drawer edits them — hours, tags and
 * the deadline typed as text, people as picked chips; its output is the PUT api/task/{id} body's values.
 */
export const taskFormSchema = z.object({
  name: f.name,
  description: f.description,
  color: colourText,
  border: colourText,
  priority: z.enum(PRIORITIES),
  type: z.enum(TASK_TYPES),
  tags: tagsText,
  attachments: f.attachments,
  plan_hours: hoursText,
  actual_hours: hoursText,
  performer: people,
  co_performers: people,
  observers: people,
  deadline: deadlineText,
});

/** Fields of the drawer that show their own error; a server error on any other (people, attachments) goes above. */
const SHOWN = new Set(['name', 'description', 'color', 'border', 'tags', 'deadline', 'plan_hours', 'actual_hours']);

/** Where a server field error of PUT api/task/{id} is shown (`tags.2` → under the tags). */
export const taskFormField = (field: string): string | null => {
  const top = field.split('.')[0]!;
  return SHOWN.has(top) ? top : null;
};

/** An ISO instant → a `datetime-local` value in the user's time zone. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
