import { Inject, Injectable } from '@nestjs/common';
import { STRUCTURE_TEXT, structureEvents, type HrCheckResult, type structureRoutes } from '@intranet/people-contract/structure';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database } from '@intranet/platform-db';
import { DomainError } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { structureClient } from './access.ts';
import { ClientsPort } from './clients-port.ts';
import { ZUP_EMPTY_REF, zupDepartments, type ZupDepartment } from './hr.ts';
import { StructureRepository } from './structure.repository.ts';

type In<K extends keyof typeof structureRoutes> = RouteInput<(typeof structureRoutes)[K]>;

/**
 * The reason of a failed HR connection check (HR_CHECK_REASONS) from zupCatalog's error details: the HTTP status
 * (401/403 unauthorized, 404 not_found, another status), else whether the answer was not OData JSON, else unreachable.
 */
export function hrCheckReason(details: { reason?: string; status?: number }): { reason: NonNullable<HrCheckResult['reason']>; status: number | null } {
  const status = typeof details.status === 'number' ? details.status : null;
  const reason =
    status === 401 || status === 403
      ? 'unauthorized'
      : status === 404
        ? 'not_found'
        : status
          ? 'status'
          : details.reason === 'not OData JSON'
            ? 'not_odata'
            : 'unreachable';
  return { reason, status };
}

/**
 * The departments of HR (1C:ZUP, §5 HR integration) in the client's administrative structure: the connection check
 * and the load. The HR data is read first, then applied in one transaction (all or nothing).
 */
@Injectable()
export class StructureLoadService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly clients: ClientsPort,
    private readonly structure: StructureRepository,
  ) {}

  /**
   * POST api/structure/hr_check {client_id} → { ok, departments, reason, status }: reads the HR system's
   * departments once (`departments`: those not marked for deletion, what load_struct would load) with the saved
   * address, login and password (never returned) and reports the outcome; a failed connection is an answer (ok:
   * false, reason of HR_CHECK_REASONS, the HTTP status if any), not an error. Writes nothing. Errors: 400 'HR
   * integration needs tax id', 400 'Connect the HR system first', 404 another client.
   */
  async hrCheck({ body }: In<'structureHrCheck'>, ctx: RequestContext): Promise<HrCheckResult> {
    const conn = await this.clients.hrConnection(structureClient(ctx, body.client_id));
    try {
      const rows = await zupDepartments(conn);
      return { ok: true, departments: rows.filter((r) => !r.DeletionMark).length, reason: null, status: null };
    } catch (e) {
      if (!(e instanceof DomainError) || e.kind !== 'unavailable') throw e;
      return { ok: false, departments: null, ...hrCheckReason((e.details ?? {}) as { reason?: string; status?: number }) };
    }
  }

  /**
   * POST api/structure/load_struct {client_id} → { created, updated, unchanged, failed[] }: each HR department
   * matched by its key (hr_ref) is created, renamed or moved (with its subtree), or left as it is; top-level HR
   * departments hang under the structure's root (created with the client's name if missing); ones marked for
   * deletion in HR are not created, and nothing is ever deleted here. Errors: 400 'HR integration needs tax id',
   * 400 'Connect the HR system first', 503 'Loading the structure from the HR system failed' (code
   * loading_struct_hrm_error; nothing is changed), 404 another client. When anything was written, one
   * evt.people.structure.loaded with the counts goes out with the transaction.
   */
  async structureLoad({ body }: In<'structureLoadStruct'>, ctx: RequestContext) {
    const clientId = structureClient(ctx, body.client_id);
    const rows = await zupDepartments(await this.clients.hrConnection(clientId));
    const client = await this.clients.get(clientId);
    const kind = 'adm' as const;
    const { structure } = this;
    return this.db.inTenant({ clientId, userId: ctx.userId }, async (tx) => {
      await structure.lock(tx, clientId, kind);
      const all = await structure.ofKind(tx, clientId, kind);
      let root = all.find((d) => !d.parentId);
      const rootMade = !root;
      if (!root) {
        const id = uuidv7();
        root = await structure.insert(tx, { id, clientId, kind, name: client.name, path: `/${id}/` });
        all.push(root);
      }
      const byRef = new Map(all.filter((d) => d.hrRef).map((d) => [d.hrRef!, d]));
      const byId = new Map(all.map((d) => [d.id, d]));
      const hrByRef = new Map(rows.map((r) => [r.Ref_Key, r]));
      const out = { created: 0, updated: 0, unchanged: 0, failed: [] as { ref: string; name: string; reason: string }[] };
      // Parents before children: depth along the HR parent chain (a cycle or a missing parent fails the row).
      const depth = (r: ZupDepartment, seen = new Set<string>()): number => {
        const p = r.Parent_Key && r.Parent_Key !== ZUP_EMPTY_REF ? hrByRef.get(r.Parent_Key) : undefined;
        if (!p || seen.has(r.Ref_Key)) return 0;
        seen.add(r.Ref_Key);
        return 1 + depth(p, seen);
      };
      const ordered = rows.filter((r) => !r.DeletionMark).sort((a, b) => depth(a) - depth(b));
      for (const r of ordered) {
        const name = String(r.Description ?? '')
          .trim()
          .slice(0, 200);
        const parentRef = r.Parent_Key && r.Parent_Key !== ZUP_EMPTY_REF ? r.Parent_Key : null;
        const parent = parentRef ? byRef.get(parentRef) : root;
        if (!name || !parent) {
          out.failed.push({ ref: r.Ref_Key, name, reason: !name ? 'no name' : 'parent not loaded' });
          continue;
        }
        const cur = byRef.get(r.Ref_Key);
        if (!cur) {
          const id = uuidv7();
          const row = await structure.insert(tx, { id, clientId, kind, name, parentId: parent.id, path: `${parent.path}${id}/`, hrRef: r.Ref_Key });
          byRef.set(r.Ref_Key, row);
          byId.set(row.id, row);
          out.created++;
          continue;
        }
        if (cur.name === name && cur.parentId === parent.id) {
          out.unchanged++;
          continue;
        }
        if (cur.parentId !== parent.id) {
          if (parent.path.startsWith(cur.path)) {
            out.failed.push({ ref: r.Ref_Key, name, reason: STRUCTURE_TEXT.moveIntoChild });
            continue;
          }
          const newPath = `${parent.path}${cur.id}/`;
          await structure.moveSubtree(tx, clientId, kind, cur.path, newPath);
          // Paths below changed: keep the in-memory copies in step for later rows.
          for (const d of byId.values()) if (d.path.startsWith(cur.path)) d.path = newPath + d.path.slice(cur.path.length);
        }
        Object.assign(cur, await structure.update(tx, cur.id, { name, parentId: parent.id, updatedAt: new Date() }));
        out.updated++;
      }
      if (rootMade || out.created || out.updated)
        await this.outbox.add(tx, structureEvents.structureLoaded, clientId, {
          kind,
          created: out.created,
          updated: out.updated,
          unchanged: out.unchanged,
          failed: out.failed.length,
          by: ctx.userId ?? null,
        });
      return out;
    });
  }
}
