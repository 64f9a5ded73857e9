import { Inject, Injectable } from '@nestjs/common';
import type { User } from '@intranet/people-contract';
import { peopleClient, type PeopleClient } from '@intranet/people-contract/lookup';
import { requireCaller, type Bus, type RequestContext } from '@intranet/platform-bus';
import type { Database, Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { viewerOf, type Reader, type Viewer } from './access.ts';
import { GrantsRepository } from './grants.repository.ts';
import { MembersRepository } from './members.repository.ts';
import type { MemberRow } from './schema.ts';

/** Injection token of kb's typed people client (`peopleClient(bus)`). */
export const PEOPLE = 'kb:people';

/** The people client provider: built from the injected bus. */
export const peopleProvider = { provide: PEOPLE, useFactory: (bus: Bus): PeopleClient => peopleClient(bus), inject: [PORTS.bus] };

/** Attribute columns of the projection from a people User. */
export function memberFromUser(
  u: Pick<User, '_id' | 'client_id' | 'roles' | 'fullName' | 'department' | 'position' | 'city' | 'workingSince' | 'deletion_mark'>,
) {
  return {
    id: u._id,
    clientId: u.client_id!,
    roles: u.roles,
    fullName: u.fullName,
    department: u.department,
    position: u.position,
    city: u.city,
    workingSince: u.workingSince,
    deletionMark: u.deletion_mark,
    complete: true,
  };
}

/** Who calls kb (§6): the viewer of a request and their grant levels, and the runs in the caller's tenant. */
@Injectable()
export class ViewerService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PEOPLE) private readonly people: PeopleClient,
    private readonly members: MembersRepository,
    private readonly grants: GrantsRepository,
  ) {}

  /**
   * The projection row of a user; missing or incomplete rows (the people event did not carry the attributes) are
   * fetched from people and stored. Runs its own short transactions, never inside the caller's (embedded PGlite has
   * one connection, and people answers through its own transaction). Errors: 404 'User not found' when people
   * does not know the user in this client; a failing people service stays 503.
   */
  async memberOf(clientId: string, userId: string): Promise<MemberRow> {
    const row = await this.db.inTenant({ clientId }, (tx) => this.members.byId(tx, userId));
    if (row?.complete) return row;
    const user = await this.people.user(clientId, userId);
    if (!user) throw Errors.userNotFound();
    const values = { ...memberFromUser(user), version: new Date() };
    return this.db.inTenant({ clientId }, (tx) => this.members.save(tx, values));
  }

  /**
   * The viewer for a call: the caller (roles from the verified context, attributes from the projection) or, for an
   * administrator asking on someone's behalf (access_for/{user}), that user as the projection knows them.
   * Errors: 403 'No access' without a client or user (requireCaller), or when a non-admin asks for someone else.
   */
  async viewerFor(ctx: RequestContext, asUser?: string): Promise<Viewer> {
    const caller = requireCaller(ctx);
    const self = !asUser || asUser === caller.userId;
    if (!self && !caller.admin) throw Errors.noAccess();
    if (self && caller.admin) return viewerOf(caller, ctx, null);
    return viewerOf(caller, ctx, await this.memberOf(caller.clientId, self ? caller.userId : asUser!));
  }

  /** The viewer's grant levels inside a transaction. */
  readerOf(tx: Tx, v: Viewer): Promise<Reader> {
    return this.grants.readerOf(tx, v);
  }

  /** Resolves the viewer (outside any transaction), then runs `fn` in the caller's tenant with their grant levels. */
  async run<T>(ctx: RequestContext, fn: (tx: Tx, r: Reader) => Promise<T>, asUser?: string): Promise<T> {
    const v = await this.viewerFor(ctx, asUser);
    return this.db.inTenant(ctx, async (tx) => fn(tx, await this.grants.readerOf(tx, v)));
  }
}
