import { Inject, Injectable } from '@nestjs/common';
import { formatBytes } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { ClientsRepository } from './clients.repository.ts';
import type { SubjectInput } from './clients.service.ts';

/** Whole, non-negative bytes of a request (anything else counts as 0). */
const wholeBytes = (bytes: unknown) => Math.max(0, Math.ceil(Number(bytes) || 0));

/** The 413 of §8 for `bytes` that do not fit: 'Storage limit reached ({size})! Available {available}'. */
export function storageLimitError(total: number, used: number): DomainError {
  const available = Math.max(0, total - used);
  return new DomainError('payload_too_large', `Storage limit reached (${formatBytes(total)})! Available ${formatBytes(available)}`, {
    details: { total, available },
  });
}

/**
 * A client's file storage quota (§3 storage, §8), asked by files over the bus: reserve before an upload, release
 * after a delete. Each call is one tenant transaction; the reservation itself is one atomic UPDATE.
 */
@Injectable()
export class StorageService {
  constructor(
    private readonly repo: ClientsRepository,
    @Inject(PORTS.db) private readonly db: Database,
  ) {}

  /**
   * Bus-only (files upload): { clientId, bytes, check? } → { used, total } in bytes. Adds `bytes` to the client's
   * used storage atomically, or with `check` only tests that they fit. Errors: 413 'Storage limit reached ({size})!
   * Available {available}'; 404 unknown client.
   */
  async storageReserve({ clientId, bytes, check }: SubjectInput<'storageReserve'>) {
    const n = wholeBytes(bytes);
    return this.db.inTenant({ clientId }, async (tx) => {
      const cur = await this.repo.byId(tx, clientId);
      if (!cur) throw Errors.notFound();
      const fits = cur.storageUsedBytes + n <= cur.storageTotalBytes;
      const out = check ? (fits ? { used: cur.storageUsedBytes, total: cur.storageTotalBytes } : undefined) : await this.repo.reserve(tx, clientId, n);
      if (!out) throw storageLimitError(cur.storageTotalBytes, cur.storageUsedBytes);
      return out;
    });
  }

  /** Bus-only: { clientId, bytes } → { used, total } in bytes, after giving back the storage of deleted files. Errors: 404. */
  async storageRelease({ clientId, bytes }: SubjectInput<'storageRelease'>) {
    const out = await this.db.inTenant({ clientId }, (tx) => this.repo.release(tx, clientId, wholeBytes(bytes)));
    if (!out) throw Errors.notFound();
    return out;
  }
}
