import assert from 'node:assert/strict';
import { afterEach, describe, it } from '@jest/globals';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { RequestContext } from '@intranet/platform-bus';
import type { DomainError } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { AdaptationRepository } from './adaptation.repository.ts';
import { AdaptationService } from './adaptation.service.ts';
import type { ItemRow } from './schema.ts';

const CLIENT = '00000000-0000-4000-8000-0000000000c1';
const AUTHOR = '00000000-0000-4000-8000-00000000000a';
const ctx = (userId: string, roles = ['employee']): RequestContext => ({ clientId: CLIENT, userId, roles, workspace: 'acme', lang: 'en' });

/** The status a call is refused with. */
async function refused(p: Promise<unknown>): Promise<number> {
  try {
    await p;
  } catch (e) {
    return (e as DomainError).status;
  }
  throw new Error('not refused');
}

/**
 * AdaptationService through Nest's dependency injection, the repository and the ports replaced by in-memory
 * fakes (the Test.createTestingModule pattern: providers given `useValue`).
 */
describe('AdaptationService (Nest DI, fake repository)', () => {
  let app: INestApplicationContext | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** The service over a repository holding `rows`; the events it published are recorded. */
  async function serviceWith(rows: ItemRow[]) {
    const events: string[] = [];
    const repo: Partial<AdaptationRepository> = {
      find: async (_tx, id) => rows.find((r) => r.id === id),
      delete: async (_tx, id) => {
        rows.splice(
          rows.findIndex((r) => r.id === id),
          1,
        );
      },
    };
    @Module({
      providers: [
        AdaptationService,
        { provide: AdaptationRepository, useValue: repo },
        { provide: PORTS.db, useValue: { inTenant: (_ctx: unknown, fn: (tx: unknown) => unknown) => fn({}) } },
        { provide: PORTS.outbox, useValue: { add: async (_tx: unknown, def: { subject: string }) => events.push(def.subject) } },
      ],
    })
    class AdaptationTestModule {}
    app = await NestFactory.createApplicationContext(AdaptationTestModule, { logger: false });
    return { svc: app.get(AdaptationService), events };
  }
  const item = (): ItemRow => ({ id: '00000000-0000-4000-8000-000000000001', clientId: CLIENT, name: 'First', createdBy: AUTHOR, createdAt: new Date(0) });
  const input = (id: string) => ({ params: { id }, query: {}, body: {} });

  it('the author removes their item and evt.adaptation.item.deleted is published', async () => {
    const rows = [item()];
    const { svc, events } = await serviceWith(rows);
    assert.deepEqual(await svc.itemRemove(input(item().id), ctx(AUTHOR)), { _id: item().id });
    assert.equal(rows.length, 0);
    assert.deepEqual(events, ['evt.adaptation.item.deleted']);
  });

  it('someone else gets 403 and an unknown item 404, nothing removed', async () => {
    const rows = [item()];
    const { svc, events } = await serviceWith(rows);
    assert.equal(await refused(svc.itemRemove(input(item().id), ctx('00000000-0000-4000-8000-0000000000e1'))), 403);
    assert.equal(await refused(svc.itemRemove(input('00000000-0000-4000-8000-000000000002'), ctx(AUTHOR))), 404);
    assert.equal(rows.length, 1);
    assert.deepEqual(events, []);
  });
});
