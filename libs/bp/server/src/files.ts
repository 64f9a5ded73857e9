import { Inject, Injectable } from '@nestjs/common';
import { BP_CODES, BP_TEXT } from '@intranet/bp-contract';
import type { Config } from '@intranet/platform-config';
import type { Database, Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { fileSigner, storedUpload, type FileSigner, type Storage } from '@intranet/platform-storage';
import type { RequestContext } from '@intranet/platform-bus';
import { BpRepository } from './bp.repository.ts';
import type { FileValue } from './rules.ts';

/**
 * The file values of requests (§5 "files uploaded by the requester"): which upload keys a caller may attach, their
 * claim inside the write transaction, and their signed download URLs.
 */
@Injectable()
export class BpFiles {
  /** Signs storage keys into download URLs (the gateway checks the same secret; an hour by default). */
  readonly sign: FileSigner;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.storage) private readonly storage: Storage,
    @Inject(PORTS.config) config: Config,
    private readonly repo: BpRepository,
  ) {
    this.sign = fileSigner(config.JWT_SECRET);
  }

  /**
   * Before the write: the keys among `files` that `userId` may attach — uploads of the caller's client of kind `file`
   * present in storage (the platform's guarded-file check) and not already attached by someone else (bp.files),
   * read in a tenant transaction. Upload keys are unguessable (uuidv7) and only their uploader knows them until
   * attached; once attached, the claim keeps anyone else from reusing them. Output: the acceptable keys.
   */
  async own(ctx: RequestContext, clientId: string, userId: string, files: readonly FileValue[]): Promise<Set<string>> {
    const ok = new Set<string>();
    if (!files.length) return ok;
    const keys = [...new Set(files.map((f) => f.key))];
    const claimed = await this.db.inTenant(ctx, (tx) => this.repo.fileOwners(tx, keys));
    for (const key of keys) {
      const owner = claimed.get(key);
      if (owner && owner !== userId) continue;
      if (await storedUpload(this.storage, key, { clientId, kind: 'file' })) ok.add(key);
    }
    return ok;
  }

  /**
   * Inside the write transaction: claims `files` for `userId` on `requestId` (first claim wins). Errors: 400
   * bpFileNotOwn at `values.<field>` for a key someone else claimed meanwhile.
   */
  async claim(tx: Tx, clientId: string, userId: string, requestId: string, files: readonly FileValue[]): Promise<void> {
    if (!files.length) return;
    const keys = files.map((f) => f.key);
    await this.repo.claimFiles(tx, clientId, userId, requestId, keys);
    const owners = await this.repo.fileOwners(tx, keys);
    const bad = files.filter((f) => owners.get(f.key) !== userId);
    if (bad.length) throw Errors.validation(bad.map((f) => ({ field: `values.${f.fieldId}`, message: BP_TEXT.fileNotOwn, code: BP_CODES.fileNotOwn })));
  }
}
