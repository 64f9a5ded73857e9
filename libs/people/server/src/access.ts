import { PEOPLE_ERRORS } from '@intranet/people-contract';
import { isAdmin, type RequestContext } from '@intranet/platform-bus';
import { Errors, GENERIC } from '@intranet/platform-errors';

/**
 * The people domain's can-rules (§6 roles and rights) as pure functions of the request context: no I/O. What
 * needs the database (who is whose direct chief) is asked by the services and passed in.
 */

/** Whether the caller is the superadmin (§6: acts in any client, with or without a selected workspace). */
export const isSuper = (ctx: Pick<RequestContext, 'roles'>): boolean => ctx.roles.includes('superadmin');

/**
 * The client a user-management route acts on (§7 Users): the caller's own; the superadmin names one (or has selected
 * a workspace). Errors: 400 field `client_id` required (the superadmin naming none), 403 without a client, 404
 * another client's id (as if it did not exist).
 */
export function targetClient(ctx: RequestContext, requested?: string): string {
  if (isSuper(ctx)) {
    const id = requested ?? ctx.clientId;
    if (!id) throw Errors.fieldCoded('client_id', GENERIC.required);
    return id;
  }
  return ownClient(ctx, requested);
}

/**
 * The client a structure, vacation, project, HR file or export route acts on: the caller's own (another client's id
 * answers 404, as if it did not exist); the superadmin names any (or uses the selected workspace). Errors: 403
 * without a client.
 */
export function structureClient(ctx: RequestContext, requested?: string): string {
  if (isSuper(ctx)) {
    const id = requested ?? ctx.clientId;
    if (!id) throw Errors.forbidden();
    return id;
  }
  return ownClient(ctx, requested);
}

function ownClient(ctx: RequestContext, requested?: string): string {
  if (!ctx.clientId) throw Errors.forbidden();
  if (requested && requested !== ctx.clientId) throw Errors.notFound();
  return ctx.clientId;
}

/** The client of a pin route: the selected workspace. Errors: 400 field `client_id` 'Select a workspace first'. */
export function pinClient(ctx: RequestContext): string {
  if (!ctx.clientId) throw Errors.fieldCoded('client_id', GENERIC.selectWorkspace);
  return ctx.clientId;
}

/**
 * §7 GET api/user/{id}: one's own record always; another's with the address book right (§6 `address`), as an
 * administrator, or as another service ('system', a role no user can hold).
 */
export const canReadUser = (ctx: RequestContext, id: string): boolean =>
  id === ctx.userId || isAdmin(ctx) || ctx.roles.includes('address') || ctx.roles.includes('system');

/**
 * §7 PUT api/user/{id}: who may send this body. An administrator anything; the user themself their profile with
 * `profile_edit`, or only their interface language without it; `status` and `vacationDays` administrators only, and
 * nobody blocks themself. Errors: 403 'No access' (forbidden), 403 'You cannot block yourself'.
 */
export function assertMayUpdateUser(ctx: RequestContext, id: string, body: { status?: string; vacationDays?: number } & Record<string, unknown>): void {
  const self = id === ctx.userId;
  // Everyone may keep their own interface language (the header switcher saves it); other fields need profile_edit.
  const langOnly = Object.keys(body).every((k) => k === 'lang');
  if (!isAdmin(ctx) && !(self && (ctx.roles.includes('profile_edit') || langOnly))) throw Errors.forbidden();
  if ((body.status !== undefined || body.vacationDays !== undefined) && !isAdmin(ctx)) throw Errors.forbidden();
  if (body.status === 'blocked' && self) throw Errors.codedAs('forbidden', PEOPLE_ERRORS.cannotBlockSelf);
}

/** §4 Employee states: administrators (and the superadmin) can be neither blocked nor deleted. */
export const isProtectedAccount = (roles: readonly string[]): boolean => roles.includes('admin') || roles.includes('superadmin');

/** Whether the caller manages everyone's vacations (§6 vacations_edit; administrators always). */
export const canEditVacations = (ctx: RequestContext): boolean => isAdmin(ctx) || ctx.roles.includes('vacations_edit');

/**
 * What the caller may do with `userId`'s vacations (§6 vacations / vacations_edit, issue 29 §1): `own` (theirs),
 * `editor` (vacations_edit), `approver` (may approve or delete them: an editor or the direct chief, never for their
 * own). `isChief`: whether the caller is `userId`'s direct chief (asked only when it matters: see needsChiefCheck).
 */
export function vacationRights(ctx: RequestContext, userId: string, isChief: boolean): { own: boolean; editor: boolean; approver: boolean } {
  const own = ctx.userId === userId;
  const editor = canEditVacations(ctx);
  return { own, editor, approver: !own && (editor || isChief) };
}

/** Whether vacationRights depends on the direct-chief check (not for one's own, not for an editor). */
export const needsChiefCheck = (ctx: RequestContext, userId: string): boolean => !!ctx.userId && ctx.userId !== userId && !canEditVacations(ctx);

/** Refuses a change of approval (`planned`) the caller may not make: 403 'You cannot approve your own vacation', or 403 'No access'. */
export function assertMayApprove(rights: { own: boolean; approver: boolean }): void {
  if (rights.own) throw Errors.codedAs('forbidden', PEOPLE_ERRORS.vacationSelfApprove);
  if (!rights.approver) throw Errors.noAccess();
}

/**
 * New dates of a vacation: its employee while it has not started, or vacations_edit (a chief approves, not re-plans).
 * Errors: 403 'No access', 400 'A vacation that has started cannot be changed'.
 */
export function assertMayMoveVacation(rights: { own: boolean; editor: boolean }, started: boolean): void {
  if (!rights.own && !rights.editor) throw Errors.noAccess();
  if (started && !rights.editor) throw Errors.codedAs('bad_request', PEOPLE_ERRORS.vacationStarted);
}

/**
 * Deleting a vacation: its employee while it has not started; an editor or the employee's direct chief at any time.
 * Errors: 403 'No access', 400 'A vacation that has started cannot be changed'.
 */
export function assertMayDeleteVacation(rights: { own: boolean; editor: boolean; approver: boolean }, started: boolean): void {
  if (!rights.own && !rights.approver) throw Errors.noAccess();
  if (started && !rights.editor && !rights.approver) throw Errors.codedAs('bad_request', PEOPLE_ERRORS.vacationStarted);
}

/** §7 Projects: a project's creator or an administrator changes, deletes and adds participants. */
export const canChangeProject = (ctx: RequestContext, creatorId: string | null): boolean => creatorId === ctx.userId || isAdmin(ctx);

/** §3 HR files: the employee reads their own; administrators (and the superadmin in the client) anyone's. */
export const canReadHrFiles = (ctx: RequestContext, userId: string): boolean => isAdmin(ctx) || ctx.userId === userId;

/**
 * Whether `key` is an employee export of the caller's client (`<client>/hr/exports/…`): names, e-mails, phones,
 * birth dates and tax ids, read by the client's administrators only.
 */
export const isEmployeeExport = (clientId: string, key: string): boolean => key.startsWith(`${clientId}/hr/exports/`);

/** Whether `key` may be attached as an HR file of the client: one of its `hr` uploads, no path climbing. */
export const isClientHrUpload = (clientId: string, key: string): boolean => key.startsWith(`${clientId}/hr/`) && !key.includes('..');
