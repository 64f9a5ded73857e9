import { Inject, Injectable } from '@nestjs/common';
import { bpIssue, type BpIssue } from '@intranet/bp-contract';
import { kbRoutes } from '@intranet/kb-contract';
import type { Bus, RequestContext } from '@intranet/platform-bus';
import { DomainError } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { BpPeople } from './people.ts';

/** Kinds of a refused article read that mean "no such article for this caller" (another client's one, or none). */
const ABSENT = new Set(['not_found', 'no_access', 'forbidden']);

/** The references a service names in other domains (employees, a knowledge-base article), checked over the bus. */
@Injectable()
export class BpRefs {
  constructor(
    @Inject(PORTS.bus) private readonly bus: Bus,
    private readonly people: BpPeople,
  ) {}

  /**
   * Whether the knowledge-base article `id` exists for the caller (kb.article.get with the caller's context: row-level
   * security hides other clients' articles). Errors: 503-class bus errors pass through.
   */
  async articleExists(ctx: RequestContext, id: string): Promise<boolean> {
    try {
      await this.bus.request(kbRoutes.articleGet.subject, { ctx, input: { params: { id }, query: {}, body: {} } });
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
  async foreignServiceRefs(ctx: RequestContext, clientId: string, body: { users?: string[]; article?: string | null }): Promise<BpIssue[]> {
    const out: BpIssue[] = [];
    if (body.users?.length) {
      const known = await this.people.employees(clientId, body.users);
      body.users.forEach((id, i) => {
        if (!known.has(id)) out.push(bpIssue(`users.${i}`, 'userNotInClient'));
      });
    }
    if (body.article && !(await this.articleExists(ctx, body.article))) out.push(bpIssue('article', 'invalidValue'));
    return out;
  }
}
