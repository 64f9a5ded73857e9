import { Test, type TestingModule } from '@nestjs/testing';
import type { User } from '@intranet/people-contract';
import type { RequestContext } from '@intranet/platform-bus';
import { DomainError } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { afterEach, describe, expect, it } from '@jest/globals';
import { GrantsRepository } from './grants.repository.ts';
import { MembersRepository } from './members.repository.ts';
import type { MemberRow } from './schema.ts';
import { PEOPLE, ViewerService } from './viewer.service.ts';

const C = '0190a000-0000-7000-8000-0000000000c1';
const U = '0190a000-0000-7000-8000-000000000001';
const V = '0190a000-0000-7000-8000-000000000002';
const ctx = (roles: string[], over: Partial<RequestContext> = {}): RequestContext =>
  ({ clientId: C, userId: U, roles, workspace: 'w', lang: 'en', ...over }) as RequestContext;

const member = (over: Partial<MemberRow> = {}) =>
  ({
    id: U,
    clientId: C,
    roles: ['employee'],
    fullName: 'Ann',
    department: 'Sales',
    position: null,
    city: null,
    workingSince: null,
    deletionMark: false,
    complete: true,
    version: new Date(),
    ...over,
  }) as MemberRow;

/**
 * ViewerService's decisions with its repositories and the people client replaced by fakes (built by
 * `Test.createTestingModule` of @nestjs/testing, fakes given with `useValue`).
 */
async function viewerWith(fakes: { stored?: MemberRow; people?: (clientId: string, id: string) => Promise<User | null> }) {
  const calls = { people: 0, saved: 0 };
  app = await Test.createTestingModule({
    providers: [
      ViewerService,
      { provide: PORTS.db, useValue: { inTenant: (_: unknown, fn: (tx: unknown) => unknown) => fn({}) } },
      {
        provide: MembersRepository,
        useValue: {
          byId: async () => fakes.stored,
          save: async (_tx: unknown, values: MemberRow) => (calls.saved++, values),
        },
      },
      { provide: GrantsRepository, useValue: { readerOf: async (_tx: unknown, v: object) => ({ ...v, acl: new Map() }) } },
      {
        provide: PEOPLE,
        useValue: {
          user: async (clientId: string, id: string) => (calls.people++, fakes.people ? fakes.people(clientId, id) : null),
        },
      },
    ],
  }).compile();
  return { svc: app.get(ViewerService), calls };
}
let app: TestingModule | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const kindOf = async (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: DomainError) => err.kind ?? String(err),
  );

describe('ViewerService (§6 who reads kb)', () => {
  it('a context without client or user: 403 No access (the platform policy), people never asked', async () => {
    const { svc, calls } = await viewerWith({});
    expect(await kindOf(svc.viewerFor(ctx(['employee'], { clientId: null })))).toBe('no_access');
    expect(await kindOf(svc.viewerFor(ctx(['employee'], { userId: null })))).toBe('no_access');
    expect(calls.people).toBe(0);
  });

  it('an administrator for themselves needs no member row', async () => {
    const { svc, calls } = await viewerWith({});
    expect(await svc.viewerFor(ctx(['admin']))).toMatchObject({ admin: true, userId: U });
    expect(calls.people).toBe(0);
  });

  it('someone asking for another user: 403 unless an administrator', async () => {
    const { svc } = await viewerWith({ stored: member({ id: V, roles: ['employee', 'head'] }) });
    expect(await kindOf(svc.viewerFor(ctx(['employee']), V))).toBe('no_access');
    expect(await svc.viewerFor(ctx(['admin']), V)).toMatchObject({ userId: V, admin: false, head: true });
  });

  it('a complete member row is used as it is; an incomplete one is fetched from people and stored', async () => {
    const complete = await viewerWith({ stored: member() });
    expect(await complete.svc.viewerFor(ctx(['employee']))).toMatchObject({ department: 'Sales' });
    expect(complete.calls.people).toBe(0);
    await app?.close();
    const user = {
      _id: U,
      client_id: C,
      roles: ['employee'],
      fullName: 'Ann',
      department: 'IT',
      position: null,
      city: null,
      workingSince: null,
      deletion_mark: false,
    } as unknown as User;
    const stale = await viewerWith({ stored: member({ complete: false }), people: async () => user });
    expect(await stale.svc.viewerFor(ctx(['employee']))).toMatchObject({ department: 'IT' });
    expect(stale.calls).toEqual({ people: 1, saved: 1 });
  });

  it("a user people does not know is 404 'User not found'; a failing people service stays 503", async () => {
    const unknown = await viewerWith({ people: async () => null });
    expect(await kindOf(unknown.svc.viewerFor(ctx(['employee'])))).toBe('user_not_found');
    await app?.close();
    const down = await viewerWith({
      people: async () => {
        throw new DomainError('unavailable', 'Service unavailable');
      },
    });
    expect(await kindOf(down.svc.viewerFor(ctx(['employee'])))).toBe('unavailable');
  });
});
