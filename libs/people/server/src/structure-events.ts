import { Inject, Injectable } from '@nestjs/common';
import { structureEvents, type DepartmentKind, type DeptUsers } from '@intranet/people-contract/structure';
import type { Tx } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { deptUsersEvent, toDeptUsers } from './mapping.ts';
import type { DepartmentRow } from './schema.ts';
import { StructureRepository, type Members } from './structure.repository.ts';

/** The membership events of the structure (evt.people.dept_users.updated), added to the change's transaction (outbox). */
@Injectable()
export class StructureEvents {
  constructor(
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly structure: StructureRepository,
  ) {}

  /**
   * After a change of `dept`'s members or head (`before`: its members before it): its record, and, when anything
   * changed, evt.people.dept_users.updated in the same transaction (added / removed employees, head before and after).
   */
  async membersChanged(tx: Tx, by: string | null | undefined, dept: DepartmentRow, before: Members): Promise<DeptUsers> {
    const rec = toDeptUsers(dept.id, dept.clientId, (await this.structure.membersOf(tx, [dept.id])).get(dept.id)!);
    const event = deptUsersEvent(rec, dept.kind, before, by);
    if (event) await this.outbox.add(tx, structureEvents.deptUsersUpdated, dept.clientId, event);
    return rec;
  }

  /**
   * After a bulk change of memberships outside the structure routes (POST api/user/load_hrm moving employees between
   * HR-loaded departments): one evt.people.dept_users.updated per department of `before` whose members or head differ
   * now, so an open /structure_new chart reloads. Input: `before` = membersOf the departments the change touched, read
   * in the same transaction before it; `kind` theirs; `by` who ran it. Output: the number of events added.
   */
  async membershipsChanged(tx: Tx, clientId: string, kind: DepartmentKind, before: Map<string, Members>, by: string | null | undefined): Promise<number> {
    const after = await this.structure.membersOf(tx, [...before.keys()]);
    let added = 0;
    for (const [id, was] of before) {
      const event = deptUsersEvent(toDeptUsers(id, clientId, after.get(id)!), kind, was, by);
      if (!event) continue;
      await this.outbox.add(tx, structureEvents.deptUsersUpdated, clientId, event);
      added++;
    }
    return added;
  }
}
