import type { Client, ClientDesign, LifeJob, publicClientSchema } from '@intranet/clients-contract';
import type { JournalRow } from '@intranet/platform-audit';
import { DEFAULT_INITIAL_RIGHTS } from '@intranet/platform-contracts';
import type { z } from '@intranet/platform-contracts';
import type { ClientRow, LifeJobRow } from './schema.ts';

/** Rows → the §7 Clients API shapes (pure). */

/** Bytes in a gigabyte: storage is stored in bytes and shown in GB. */
export const GB = 1024 ** 3;

/** Row → §3 Client as the API shows it (the HR password never leaves: only whether one is stored). */
export function toClient(row: ClientRow): Client {
  return {
    _id: row.id,
    workspace: row.workspace,
    name: row.name,
    fullName: row.fullName,
    lang: row.lang,
    start_page: row.startPage,
    status: row.status,
    maintenance: row.settings.maintenance ?? false,
    settings: { hideMoodMeter: row.settings.hideMoodMeter ?? false, initialRights: row.settings.initialRights ?? [...DEFAULT_INITIAL_RIGHTS] },
    design: row.design as ClientDesign,
    logo: row.logo,
    city: row.city,
    phone: row.phone,
    address: row.address,
    director: row.director,
    telegram: row.telegram,
    notes: row.notes,
    taxNumber: row.taxNumber,
    storage: { total: row.storageTotalBytes / GB, used: row.storageUsedBytes / GB },
    features: row.features,
    hr: { url: row.hrUrl, login: row.hrLogin, hasPassword: !!row.hrPassword },
    created: row.createdAt.toISOString(),
  };
}

/** A client as an employee reads it (the shell's name, design, features): the administration data left out. */
export function employeeView(c: Client): Client {
  return { ...c, notes: null, taxNumber: null, hr: { url: null, login: null, hasPassword: false } };
}

/** What the sign-in page of a workspace shows (`logo`: the URL to give, signed afresh by the caller). */
export function publicClient(c: Client, logo: string | null): z.input<typeof publicClientSchema> {
  return { _id: c._id, workspace: c.workspace, name: c.name, lang: c.lang, logo, design: c.design, status: c.status };
}

/** Row of audit.journal → the §7 GET api/journal entry. */
export function toJournalEntry(r: JournalRow) {
  return {
    _id: r.id,
    client_id: r.clientId,
    at: r.at.toISOString(),
    actor: r.actorId ? { _id: r.actorId, name: r.actorName } : null,
    section: r.section,
    action: r.action,
    object: r.objectType ? { type: r.objectType, id: r.objectId, title: r.objectTitle } : null,
    before: r.before,
    after: r.after,
  };
}

/** Row → a long job as the API shows it (issue 36). */
export function toLifeJob(row: LifeJobRow): LifeJob {
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    phase: row.phase,
    done: row.done,
    total: row.total,
    client: row.sourceId,
    target: row.targetId,
    result: row.result ?? null,
    error: row.error ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
