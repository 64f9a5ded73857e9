import { bpIssue, type BpIssue } from '@intranet/bp-contract';
import { kbRoutes } from '@intranet/kb-contract';
import type { Bus, RequestContext } from '@intranet/platform-bus';
import { DomainError } from '@intranet/platform-errors';
import { usersByIds } from './people.ts';

/** Kinds of a refused article read that mean "no such article for this caller" (another client's one, or none). */
const ABSENT = new Set(['not_found', 'no_access', 'forbidden']);

/**
 * Whether the knowledge-base article `id` exists for the caller (kb.article.get with the caller's context: row-level
 * security hides other clients' articles). Errors: 503-class bus errors pass through.
 */
export async function articleExists(bus: Bus, ctx: RequestContext, id: string): Promise<boolean> {
  try {
    await bus.request(kbRoutes.get.subject, { ctx, input: { params: { id }, query: {}, body: {} } });
    return true;
  } catch (err) {
    if (err instanceof DomainError && ABSENT.has(err.kind)) return false;
    throw err;
  }
}

/**
 * Field problems of a service body's references (issue 38 §6): every user it names must be an active employee of
 * the caller's client ('Choose employees of your company' on `users.<i>`) and its article one of the client's
 * ('Invalid value' on `article`). Output: the problems (empty when every reference is the client's).
 */
export async function foreignServiceRefs(
  bus: Bus,
  ctx: RequestContext,
  clientId: string,
  body: { users?: string[]; article?: string | null },
): Promise<BpIssue[]> {
  const out: BpIssue[] = [];
  if (body.users?.length) {
    const known = await usersByIds(bus, clientId, body.users);
    body.users.forEach((id, i) => {
      if (!known.has(id)) out.push(bpIssue(`users.${i}`, 'userNotInClient'));
    });
  }
  if (body.article && !(await articleExists(bus, ctx, body.article))) out.push(bpIssue('article', 'invalidValue'));
  return out;
}
