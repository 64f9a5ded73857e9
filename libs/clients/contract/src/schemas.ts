import {
  DEFAULT_INITIAL_RIGHTS,
  FEATURE_OF_RIGHT,
  FEATURE_RIGHTS,
  Id,
  IsoDate,
  optionalUrl,
  requiredString,
  V,
  z,
  type Access,
  type ClientFeature,
} from '@intranet/platform-contracts';
import { CLIENTS_ERRORS } from './codes.ts';

/**
 * Whether a client feature is on: a feature missing from the client's list counts as on (clients get every
 * feature active at creation; switching one adds it as off).
 */
export function clientFeatureActive(client: Pick<Client, 'features'>, feature: ClientFeature): boolean {
  return client.features.find((f) => f.feature === feature)?.active ?? true;
}

/**
 * The client feature a route's access rule depends on (§3 features, §6), or null when the rule names no
 * feature right or the right is not a module. Input: the route's `access`.
 */
export function routeClientFeature(rule: Access): ClientFeature | null {
  return rule.kind === 'feature' ? FEATURE_OF_RIGHT[rule.right] : null;
}

export const workspaceCode = requiredString()
  .max(30, V.max(30))
  .regex(/^[A-Za-z0-9]+$/, CLIENTS_ERRORS.alphanumeric.text)
  .transform((s) => s.toLowerCase());

/** §5-style text for a colour that is not a hex value. */
export const COLOUR_TEXT = 'Colour must be a hex value like #1a73e8';
/** Fonts a client may pick for its workspace (§3 Client font); 'system' is the platform's default stack. */
export const CLIENT_FONTS = ['system', 'Inter', 'Roboto', 'Open Sans', 'PT Sans', 'Georgia'] as const;
export type ClientFont = (typeof CLIENT_FONTS)[number];

const hexColour = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, COLOUR_TEXT)
  .nullable()
  .optional();
/** An image reference: an absolute http(s) URL or a path the gateway serves (as POST api/upload answers `url`). */
const imageRef = optionalUrl(500);

/**
 * §3 Client design (§2 client screen tab "design"): head image (160 px high, from 1000 px wide), side panel,
 * background and text colours (hex), font. Every field is optional; null clears it (the platform default applies).
 * On PUT the sent fields are merged into the stored design.
 */
export const clientDesignSchema = z.strictObject({
  headImage: imageRef,
  sidePanel: hexColour,
  background: hexColour,
  text: hexColour,
  accent: hexColour,
  font: z.enum(CLIENT_FONTS).nullable().optional(),
});
export type ClientDesign = z.infer<typeof clientDesignSchema>;

/** §3 Client, as the API returns it (secrets such as the HR password never leave the service). */
export const clientSchema = z.object({
  _id: z.string(),
  workspace: z.string(),
  name: z.string(),
  fullName: z.string().nullable(),
  lang: z.string(),
  start_page: z.string(),
  status: z.enum(['active', 'blocked']),
  /**
   * Maintenance mode of the workspace (issue 36): its employees get 503 `maintenance` on every call and see the
   * maintenance page; its administrators and the superadmin still get in. Set by the superadmin.
   */
  maintenance: z.boolean().default(false),
  settings: z.object({
    hideMoodMeter: z.boolean().default(false),
    initialRights: z.array(z.string()).default([...DEFAULT_INITIAL_RIGHTS]),
  }),
  design: clientDesignSchema,
  logo: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  director: z.string().nullable(),
  telegram: z.string().nullable(),
  notes: z.string().nullable(),
  taxNumber: z.string().nullable(),
  storage: z.object({ total: z.number(), used: z.number() }),
  features: z.array(z.object({ feature: z.string(), active: z.boolean() })),
  /** §3 Client HR connection; the password is never returned, `hasPassword` says whether one is stored. */
  hr: z.object({ url: z.string().nullable(), login: z.string().nullable(), hasPassword: z.boolean() }),
  created: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

/** What anyone may see of a workspace before signing in (login page branding). */
export const publicClientSchema = clientSchema.pick({ _id: true, workspace: true, name: true, lang: true, logo: true, design: true, status: true });

const nullableText = (max: number) => z.string().trim().max(max, V.max(max)).nullable().optional();

/** Fields an administrator or the superadmin may write (§2 client screen tabs "data", "design", "other rights"). */
export const clientWritable = z.object({
  name: requiredString().max(100, V.max(100)),
  fullName: nullableText(200),
  // No defaults here: a partial update must leave unsent fields as they are (defaults live in clientCreate).
  lang: z.enum(['ru', 'uk', 'en']),
  start_page: z.string().trim().max(50),
  settings: z
    .object({
      hideMoodMeter: z.boolean().optional(),
      initialRights: z.array(z.enum(FEATURE_RIGHTS)).optional(),
    })
    .optional(),
  design: clientDesignSchema.optional(),
  logo: imageRef,
  city: nullableText(100),
  phone: nullableText(30),
  address: nullableText(300),
  director: nullableText(100),
  telegram: nullableText(100),
  notes: nullableText(2000),
  taxNumber: nullableText(20),
  hr: z.object({ url: optionalUrl(1000), login: nullableText(100), password: nullableText(200) }).optional(),
});

export const clientCreate = clientWritable.extend({
  lang: z.enum(['ru', 'uk', 'en']).default('ru'),
  start_page: z.string().trim().max(50).default('company'),
  workspace: workspaceCode,
  storageTotalGb: z.number().positive().max(100_000).default(10),
});

/** Superadmin-only fields on update. */
export const clientUpdate = clientWritable.partial().extend({
  status: z.enum(['active', 'blocked']).optional(),
  maintenance: z.boolean().optional(),
  storageTotalGb: z.number().positive().max(100_000).optional(),
});

/**
 * Sections of the audit journal (issue 18 §2, §2 admin panel tab "logs"): codes written by the domains with
 * `journal.add` of @intranet/platform-audit and worded by the web. 'violations' and 'anonymous_polls' are the
 * anonymous features' sections: their entries carry no actor (the library has no way to record one).
 */
export const JOURNAL_SECTIONS = [
  'roles',
  'features',
  'clients',
  'users',
  'import',
  'kb',
  'files',
  'hr',
  'maintenance',
  'violations',
  'anonymous_polls',
] as const;
export type JournalSection = (typeof JOURNAL_SECTIONS)[number];

/** Actions per section, as the domains write them (the web's filter offers these; unknown codes are shown as they are). */
export const JOURNAL_ACTIONS: Record<JournalSection, readonly string[]> = {
  roles: ['role.add', 'role.remove', 'role.add_all', 'role.remove_all', 'rights.initial'],
  features: ['feature.on', 'feature.off'],
  clients: ['client.create', 'client.block', 'client.unblock', 'client.delete', 'client.maintenance_on', 'client.maintenance_off'],
  users: ['user.create', 'user.delete', 'user.undelete', 'user.block', 'user.unblock'],
  import: ['import.csv'],
  kb: ['article.delete'],
  files: ['file.delete'],
  hr: ['hr.sync'],
  maintenance: ['maintenance.run'],
  violations: ['report.received'],
  anonymous_polls: ['poll.answered'],
};

export const journalSectionCode = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'Invalid section');

/** One audit journal entry as GET api/journal answers it; `actor` is null for anonymous features. */
export const journalEntrySchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  /** ISO 8601 time of the action. */
  at: z.string(),
  actor: z.object({ _id: z.string(), name: z.string().nullable() }).nullable(),
  section: z.string(),
  action: z.string(),
  object: z.object({ type: z.string(), id: z.string().nullable(), title: z.string().nullable() }).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type JournalEntryView = z.infer<typeof journalEntrySchema>;

/** Filters and page of GET api/journal: dates YYYY-MM-DD (UTC days, both included). */
export const journalQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  section: journalSectionCode.optional(),
  action: z
    .string()
    .regex(/^[a-z][a-z0-9_.]{0,79}$/, 'Invalid action')
    .optional(),
  actor: Id.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export const journalPage = z.object({ entries: z.array(journalEntrySchema), total: z.number(), page: z.number(), limit: z.number() });
