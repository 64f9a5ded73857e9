import { defineEvent, z, type EventDef } from '@intranet/platform-contracts';
import { DEPARTMENT_KINDS, deptUsersSchema, projectSchema, vacationSchema } from './org-schemas.ts';

/** A vacation event's payload: the vacation and who made the change (notifications tells the employee of a manager's decision). */
const vacationEvent = vacationSchema.extend({ by: z.string().nullable().optional() });

/** §4 Vacation added or deleted (and changed), written through the outbox. */
export const vacationEvents = {
  vacationAdded: defineEvent('evt.people.vacation.added', vacationEvent),
  vacationUpdated: defineEvent('evt.people.vacation.updated', vacationEvent),
  vacationDeleted: defineEvent('evt.people.vacation.deleted', vacationEvent),
} satisfies Record<string, EventDef>;

/** Payload of `evt.people.department.created|updated`: the department after the change and who made it (`by`). */
export const departmentEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(DEPARTMENT_KINDS),
  name: z.string(),
  parent: z.string().nullable(),
  /** updated only: whether it moved to a new parent (with its subtree). */
  moved: z.boolean().optional(),
  by: z.string().nullable(),
});
export type DepartmentEvent = z.infer<typeof departmentEventSchema>;

/**
 * Company structure changes (§3 Department, Department-user record; §7 Structure), written through the outbox in the
 * change's transaction; `by` is who did it. `dept_users.updated` names the employees affected (`added`, `removed`,
 * the head before and after; an HR load of employees, load_hrm, sends one per department whose members it changed).
 * `structure.loaded` is one summary per load_struct (not one event per HR department).
 * Relayed to the client's sockets: an open /structure_new chart reloads on them.
 */
export const structureEvents = {
  departmentCreated: defineEvent('evt.people.department.created', departmentEventSchema, 'A department was added'),
  departmentUpdated: defineEvent('evt.people.department.updated', departmentEventSchema, 'A department was renamed or moved (with its subtree)'),
  departmentDeleted: defineEvent(
    'evt.people.department.deleted',
    z.object({ _id: z.string(), kind: z.enum(DEPARTMENT_KINDS), name: z.string(), ids: z.array(z.string()), by: z.string().nullable() }),
    'A department was deleted with its subtree (`ids`: every department removed)',
  ),
  deptUsersUpdated: defineEvent(
    'evt.people.dept_users.updated',
    deptUsersSchema.extend({
      kind: z.enum(DEPARTMENT_KINDS),
      added: z.array(z.string()),
      removed: z.array(z.string()),
      previousHead: z.string().nullable(),
      by: z.string().nullable(),
    }),
    "A department's employees or head changed (`added` / `removed` employees, head before and after)",
  ),
  structureLoaded: defineEvent(
    'evt.people.structure.loaded',
    z.object({
      kind: z.enum(DEPARTMENT_KINDS),
      created: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      failed: z.number().int(),
      by: z.string().nullable(),
    }),
    'Departments were loaded from the HR system (load_struct), with the counts of its answer',
  ),
} satisfies Record<string, EventDef>;
/** Payload of `evt.people.project.created|updated`: the project as stored after the change and who made it (`by`). */
export const projectEventSchema = projectSchema.extend({ by: z.string().nullable() });
export type ProjectEvent = z.infer<typeof projectEventSchema>;

/**
 * Project changes (§3 project, §7 Projects), written through the outbox in the change's transaction. `participants`
 * and `creatorId` name the people affected; `by` who did it. `deleted` carries the project as it was before deletion.
 * Relayed to the client's sockets (the projects panel of /structure_new refreshes on them).
 */
export const projectEvents = {
  projectCreated: defineEvent('evt.people.project.created', projectEventSchema, 'A project was created'),
  projectUpdated: defineEvent('evt.people.project.updated', projectEventSchema, 'A project was changed (name, description, department or participants)'),
  projectDeleted: defineEvent('evt.people.project.deleted', projectEventSchema, 'A project was deleted (its last state)'),
} satisfies Record<string, EventDef>;
