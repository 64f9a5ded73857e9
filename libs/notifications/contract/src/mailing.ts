import { access, defineRoute, Id, V, z } from '@intranet/platform-contracts';

/**
 * §3 mailing, §4 Mailing and the §7 Mailings routes (a subpath export: the shell never loads it). A mailing is a
 * scheduled job of a workspace: `action` names what it does (e.g. `digest`: each employee's unread notifications
 * by e-mail), `schedule` is a cron expression (5 fields, or 6 with seconds), `active` whether its job runs.
 */

/** Actions a mailing may run (the service's registry; `digest` is built in). */
export const MAILING_ACTIONS = ['digest'] as const;

/** §8 texts of the mailings (stable codes in MAILING_CODES; the notifications remote words them). */
export const MAILING_TEXT = {
  scheduleInvalid: 'The schedule is not a valid cron expression',
  actionUnknown: 'Unknown mailing action',
  mailingExists: 'The workspace already has a mailing with this action',
} as const;
export const MAILING_CODES = {
  scheduleInvalid: 'mailingScheduleInvalid',
  actionUnknown: 'mailingActionUnknown',
  mailingExists: 'mailingExists',
} as const satisfies Record<keyof typeof MAILING_TEXT, string>;

/** §3 mailing as the API returns it; `running` tells whether its job is scheduled, `next` its next slot (ISO). */
export const mailingSchema = z.object({
  _id: z.string(),
  workspace: z.string(),
  action: z.string(),
  active: z.boolean(),
  schedule: z.string(),
  running: z.boolean(),
  next: z.string().nullable(),
  last_run: z.string().nullable(),
});
export type Mailing = z.infer<typeof mailingSchema>;

const action = z
  .string()
  .trim()
  .min(1, V.required)
  .max(50, V.max(50))
  .regex(/^[a-z][a-z0-9_]*$/, 'Invalid value');
const schedule = z.string().trim().min(1, V.required).max(100, V.max(100));
const mailingBody = z.object({
  /** The caller's workspace code; defaults to it (another workspace: 403). */
  workspace: z.string().trim().max(50).optional(),
  action,
  active: z.boolean().default(false),
  schedule,
});
const jobKey = z.object({ workspace: z.string().max(50), action: z.string().max(50) });
const jobResult = z.object({ workspace: z.string(), started: z.number().int(), stopped: z.number().int() });

/** §7 Mailings (administrators of the workspace). */
export const mailingRoutes = {
  mailingCreate: defineRoute({
    method: 'POST',
    path: '/api/mailing',
    subject: 'notifications.mailing.create',
    summary: 'Create a mailing of the caller’s workspace; with `active` its job starts (§4)',
    spec: '§7 Mailings, §4 Mailing',
    access: access.admin,
    body: mailingBody,
    result: mailingSchema,
  }),
  mailingList: defineRoute({
    method: 'GET',
    path: '/api/mailing',
    subject: 'notifications.mailing.list',
    summary: 'The mailings of the caller’s workspace (filter by workspace: only one’s own)',
    spec: '§7 Mailings',
    access: access.admin,
    query: z.object({ workspace: z.string().max(50).optional() }),
    result: z.array(mailingSchema),
  }),
  mailingGet: defineRoute({
    method: 'GET',
    path: '/api/mailing/{id}',
    subject: 'notifications.mailing.get',
    summary: 'One mailing',
    spec: '§7 Mailings',
    access: access.admin,
    params: z.object({ id: Id }),
    result: mailingSchema,
  }),
  mailingUpdate: defineRoute({
    method: 'PUT',
    path: '/api/mailing/{id}',
    subject: 'notifications.mailing.update',
    summary: 'Change a mailing: a changed schedule restarts its job, else active starts and inactive stops it (§4)',
    spec: '§7 Mailings, §4 Mailing',
    access: access.admin,
    params: z.object({ id: Id }),
    body: z.object({ workspace: mailingBody.shape.workspace, action: action.optional(), active: z.boolean().optional(), schedule: schedule.optional() }),
    result: mailingSchema,
  }),
  mailingRemove: defineRoute({
    method: 'DELETE',
    path: '/api/mailing/{id}',
    subject: 'notifications.mailing.remove',
    summary: 'Delete a mailing and stop its job',
    spec: '§7 Mailings',
    access: access.admin,
    params: z.object({ id: Id }),
    result: z.object({ _id: z.string() }),
  }),
  mailingStartJob: defineRoute({
    method: 'PUT',
    path: '/api/mailing/startJob/{workspace}',
    subject: 'notifications.mailing.startJob',
    summary: 'Start the jobs of every active mailing of the workspace',
    spec: '§7 Mailings',
    access: access.admin,
    params: z.object({ workspace: z.string().max(50) }),
    result: jobResult,
  }),
  mailingRestartJob: defineRoute({
    method: 'PUT',
    path: '/api/mailing/restartJob/{workspace}_{action}',
    subject: 'notifications.mailing.restartJob',
    summary: 'Restart the job of the workspace’s mailing with this action (sets it active)',
    spec: '§7 Mailings',
    access: access.admin,
    params: jobKey,
    result: jobResult,
  }),
  mailingStopJob: defineRoute({
    method: 'PUT',
    path: '/api/mailing/stopJob/{workspace}_{action}',
    subject: 'notifications.mailing.stopJob',
    summary: 'Stop the job of the workspace’s mailing with this action (sets it inactive)',
    spec: '§7 Mailings',
    access: access.admin,
    params: jobKey,
    result: jobResult,
  }),
};
