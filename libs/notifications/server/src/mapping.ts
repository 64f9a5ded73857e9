import {
  CHANNELS,
  DEFAULT_CHANNELS,
  STORED_SECTIONS,
  type Channel,
  type Notification,
  type SettingsMatrix,
  type Template,
} from '@intranet/notifications-contract';
import type { Mailing } from '@intranet/notifications-contract/mailing';
import type { mailings, notifications, templates } from './schema.ts';

type NotificationRow = typeof notifications.$inferSelect;
type TemplateRow = typeof templates.$inferSelect;
type MailingRow = typeof mailings.$inferSelect;

/** A stored notification → the §3 notification the API answers (`object` only when both its type and id are set). */
export const toNotification = (r: NotificationRow): Notification => ({
  _id: r.id,
  client_id: r.clientId,
  user_id: r.userId,
  section: r.section as Notification['section'],
  type: r.type,
  title: r.title,
  text: r.text,
  link: r.link,
  object: r.objectType && r.objectId ? { type: r.objectType, id: r.objectId } : null,
  actor_id: r.actorId,
  data: r.data,
  read: r.read,
  created: r.createdAt.toISOString(),
});

/** A stored template → the §3 template. */
export const toTemplate = (r: TemplateRow): Template => ({
  _id: r.id,
  code: r.code,
  lang: r.lang,
  channel: r.channel as Template['channel'],
  name: r.name,
  title: r.title,
  short: r.short,
  full: r.full,
  variables: r.variables,
});

/**
 * A stored mailing → the §3 mailing: `running` while it is active (its next slot is queued), `next` that slot (null
 * when inactive), `last_run` the newest slot it ran.
 */
export const toMailing = (r: MailingRow, next: Date | null, lastRun: Date | null): Mailing => ({
  _id: r.id,
  workspace: r.workspace,
  action: r.action,
  active: r.active,
  schedule: r.schedule,
  running: r.active,
  next: r.active ? (next?.toISOString() ?? null) : null,
  last_run: lastRun?.toISOString() ?? null,
});

/** Every section and channel filled: `own` over `defaults` over the built-in DEFAULT_CHANNELS. */
export function effectiveMatrix(own: SettingsMatrix | undefined, defaults: SettingsMatrix | undefined): Record<string, Record<Channel, boolean>> {
  const out: Record<string, Record<Channel, boolean>> = {};
  for (const s of STORED_SECTIONS) {
    const row = {} as Record<Channel, boolean>;
    for (const c of CHANNELS) row[c] = own?.[s]?.[c] ?? defaults?.[s]?.[c] ?? DEFAULT_CHANNELS[c];
    out[s] = row;
  }
  return out;
}
