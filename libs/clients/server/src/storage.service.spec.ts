import assert from 'node:assert/strict';
import { afterEach, describe, it } from '@jest/globals';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { DomainError } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { ClientsRepository } from './clients.repository.ts';
import type { ClientRow } from './schema.ts';
import { StorageService } from './storage.service.ts';

const ACME = '00000000-0000-4000-8000-0000000000a1';
const MB = 1024 ** 2;

/** The status, message and details a call is refused with. */
async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string; details?: Record<string, unknown> }> {
  try {
    await p;
  } catch (e) {
    const err = e as DomainError;
    return { status: err.status, message: err.message, details: err.details };
  }
  throw new Error('not refused');
}

/**
 * StorageService through Nest's dependency injection, ClientsRepository and the database port replaced by in-memory
 * fakes (the Test.createTestingModule pattern of @nestjs/testing, written with NestFactory.createApplicationContext).
 */
describe('StorageService (Nest DI, fake repository): the §3 storage quota', () => {
  let app: INestApplicationContext | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** The service over one client of `total` bytes with `used` of them taken (none with `absent`). */
  async function serviceWith(total: number, used: number, absent = false) {
    const row = { id: ACME, storageTotalBytes: total, storageUsedBytes: used };
    const repo: Partial<ClientsRepository> = {
      byId: async () => (absent ? undefined : (row as ClientRow)),
      reserve: async (_tx, _id, bytes) => {
        if (row.storageUsedBytes + bytes > row.storageTotalBytes) return undefined;
        row.storageUsedBytes += bytes;
        return { used: row.storageUsedBytes, total: row.storageTotalBytes };
      },
      release: async (_tx, _id, bytes) => {
        if (absent) return undefined;
        row.storageUsedBytes = Math.max(0, row.storageUsedBytes - bytes);
        return { used: row.storageUsedBytes, total: row.storageTotalBytes };
      },
    };
    @Module({
      providers: [
        StorageService,
        { provide: ClientsRepository, useValue: repo },
        { provide: PORTS.db, useValue: { inTenant: (_ctx: unknown, fn: (tx: unknown) => unknown) => fn({}) } },
      ],
    })
    class StorageTestModule {}
    app = await NestFactory.createApplicationContext(StorageTestModule, { logger: false });
    return { svc: app.get(StorageService), row };
  }

  it('reserves whole bytes (a fraction rounds up) and gives them back, never below 0', async () => {
    const { svc } = await serviceWith(10 * MB, MB);
    assert.deepEqual(await svc.storageReserve({ clientId: ACME, bytes: 0.5 }), { used: MB + 1, total: 10 * MB });
    assert.deepEqual(await svc.storageRelease({ clientId: ACME, bytes: 20 * MB }), { used: 0, total: 10 * MB });
  });

  it('`check` only tests the fit: nothing is taken', async () => {
    const { svc, row } = await serviceWith(10 * MB, MB);
    assert.deepEqual(await svc.storageReserve({ clientId: ACME, bytes: 9 * MB, check: true }), { used: MB, total: 10 * MB });
    assert.equal(row.storageUsedBytes, MB);
  });

  it('too much is a 413 naming the limit and what is left (§8), with or without `check`', async () => {
    const { svc } = await serviceWith(10 * MB, 9 * MB);
    for (const check of [true, false]) {
      const r = await refusal(svc.storageReserve({ clientId: ACME, bytes: 2 * MB, check }));
      assert.equal(r.status, 413);
      assert.equal(r.message, 'Storage limit reached (10 MB)! Available 1 MB');
      assert.deepEqual(r.details, { total: 10 * MB, available: MB });
    }
  });

  it('an unknown client is a 404', async () => {
    const { svc } = await serviceWith(10 * MB, 0, true);
    assert.equal((await refusal(svc.storageReserve({ clientId: ACME, bytes: 1 }))).status, 404);
    assert.equal((await refusal(svc.storageRelease({ clientId: ACME, bytes: 1 }))).status, 404);
  });
});
