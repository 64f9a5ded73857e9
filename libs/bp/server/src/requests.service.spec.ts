import 'reflect-metadata';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { Test, type TestingModule } from '@nestjs/testing';
import { BP_CODES } from '@intranet/bp-contract';
import type { RequestContext } from '@intranet/platform-bus';
import { DomainError } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { BpRepository } from './bp.repository.ts';
import { BpFiles } from './files.ts';
import { BpPeople } from './people.ts';
import { RequestsService } from './requests.service.ts';
import type { RequestRow, ServiceRow } from './schema.ts';
import { ServicesService } from './services.service.ts';
import { BpRefs } from './refs.ts';

const CLIENT = '0190f2c4-0000-7000-8000-0000000000aa';
const ME = '0190f2c4-0000-7000-8000-000000000001';
const OTHER = '0190f2c4-0000-7000-8000-000000000002';
const ctx = (userId: string | null = ME, roles = ['employee']): RequestContext => ({ clientId: CLIENT, userId, roles, workspace: null, lang: 'en' });

/** The request the fake repository holds (the current step 1 of 3, performed by ME). */
let request: RequestRow | undefined;
/** The service the fake repository holds. */
let service: ServiceRow | undefined;
/** What the fake people client answers for a user (or throws). */
let userAnswer: () => Promise<unknown>;

const step = (name: string, review = false) => ({ _id: name, name, review, fields: [], performers: [{ kind: 'initiator' as const }] });
const activeRequest = (): RequestRow =>
  ({
    id: 'r1',
    clientId: CLIENT,
    status: 'active',
    currentStep: 1,
    currentPerformers: [ME],
    participants: [ME],
    initiatorId: OTHER,
    definition: { steps: [step('a'), step('b'), step('c', true)], days_limit: null, department: null },
  }) as unknown as RequestRow;

/** The services' decision logic with the repository, people and files replaced by fakes (no database, no bus). */
describe('RequestsService and ServicesService decisions (Nest DI, repositories as useValue)', () => {
  let app: TestingModule;
  let requests: RequestsService;
  let services: ServicesService;

  beforeAll(async () => {
    const fakeRepo: Partial<BpRepository> = {
      request: async () => request,
      service: async () => service,
    };
    app = await Test.createTestingModule({
      providers: [
        RequestsService,
        ServicesService,
        { provide: PORTS.db, useValue: { inTenant: (_ctx: unknown, fn: (tx: unknown) => unknown) => fn({}) } },
        { provide: PORTS.outbox, useValue: { add: async () => undefined } },
        { provide: BpRepository, useValue: fakeRepo },
        { provide: BpPeople, useValue: { user: () => userAnswer(), employees: async () => new Map() } },
        { provide: BpFiles, useValue: { sign: (k: string) => k, own: async () => new Set() } },
        { provide: BpRefs, useValue: {} },
      ],
    }).compile();
    requests = app.get(RequestsService);
    services = app.get(ServicesService);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The DomainError `p` rejects with, as `status:code`. */
  const refusal = async (p: Promise<unknown>): Promise<string> => {
    const err = await p.then(
      () => assert.fail('expected a refusal'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof DomainError, String(err));
    return `${err.status}:${err.errors?.length ? err.errors.map((e) => `${e.field}.${e.code}`).join() : err.code}`;
  };
  const pass = (body: Record<string, unknown>, c = ctx()) => requests.requestPassStep({ params: { bp: 'r1' }, query: {}, body } as never, c);

  it('passStep refuses before any write: unknown, not active, not a performer, a moved step, declining a review, no reason', async () => {
    request = undefined;
    assert.equal(await refusal(pass({ decision: 'accept', values: {} })), '404:not_found');
    request = { ...activeRequest(), status: 'finished' };
    assert.equal(await refusal(pass({ decision: 'accept', values: {} })), `400:${BP_CODES.notActive}`);
    request = activeRequest();
    assert.equal(await refusal(pass({ decision: 'accept', values: {} }, ctx(OTHER))), `403:${BP_CODES.notPerformer}`);
    assert.equal(await refusal(pass({ decision: 'accept', values: {}, step: 2 })), `409:${BP_CODES.stepChanged}`);
    assert.equal(await refusal(pass({ decision: 'decline', values: {}, reason: '  ' })), `400:reason.${BP_CODES.reasonRequired}`);
    request = { ...activeRequest(), currentStep: 2 };
    assert.equal(await refusal(pass({ decision: 'decline', values: {}, reason: 'no' })), `400:${BP_CODES.reviewNoDecline}`);
  });

  it('a context without a user is refused with 403 No access (the one caller policy), never 404', async () => {
    assert.equal(await refusal(pass({ decision: 'accept', values: {} }, ctx(null))), '403:no_access');
  });

  it("GET api/bp/{id}: a closed service outside the employee's department is refused; a failing people service stays 503", async () => {
    const at = new Date();
    service = { id: 's1', clientId: CLIENT, name: 'S', description: 'd', groupId: 'g', steps: [], department: null, daysLimit: null } as unknown as ServiceRow;
    service = { ...service, forAll: false, users: [], departments: ['Sales'], version: 1, authorId: OTHER, articleId: null, createdAt: at, updatedAt: at };
    userAnswer = async () => ({ _id: ME, department: 'Support' });
    assert.equal(await refusal(services.serviceGet({ params: { id: 's1' } } as never, ctx())), `403:${BP_CODES.notAllowed}`);
    userAnswer = async () => {
      throw new DomainError('unavailable', 'Service unavailable');
    };
    assert.equal(await refusal(services.serviceGet({ params: { id: 's1' } } as never, ctx())), '503:unavailable');
    userAnswer = async () => ({ _id: ME, department: 'sales' });
    const got = await services.serviceGet({ params: { id: 's1' } } as never, ctx());
    assert.deepEqual([got._id, got.canStart, got.users], ['s1', true, []], 'the Sales employee reads it, without the access lists');
  });
});
