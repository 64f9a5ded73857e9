import { peopleRoutes, peopleSubjects } from '@intranet/people-contract';
import { hrFileRoutes, hrFileSubjects } from '@intranet/people-contract/hr';
import { peopleLookupSubjects } from '@intranet/people-contract/lookup';
import { ssoRoutes } from '@intranet/people-contract/sso';
import { peopleOrgRoutes } from '@intranet/people-contract/structure';
import { describe, it } from '@jest/globals';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import assert from 'node:assert/strict';
import { PeopleModule } from './people.module.ts';

/** The contracts people serves: every route and bus-only subject, keyed as the contract keys them. */
const served: Record<string, { subject: string }> = {
  ...peopleRoutes,
  ...peopleOrgRoutes,
  ...hrFileRoutes,
  ...ssoRoutes,
  ...peopleSubjects,
  ...peopleLookupSubjects,
  ...hrFileSubjects,
};

describe('PeopleModule: one controller method per contract route, named as its key', () => {
  it('every route and subject people serves is bound once, by the method with its key, and nothing else is bound', () => {
    const controllers = (Reflect.getMetadata('controllers', PeopleModule) ?? []) as { name: string; prototype: Record<string, unknown> }[];
    const bound = new Map<string, string[]>();
    for (const c of controllers)
      for (const key of Object.getOwnPropertyNames(c.prototype)) {
        const patterns = Reflect.getMetadata(PATTERN_METADATA, c.prototype[key] as object) as unknown[] | undefined;
        for (const p of patterns ?? []) bound.set(String(p), [...(bound.get(String(p)) ?? []), `${c.name}.${key}`]);
      }
    for (const [key, def] of Object.entries(served)) {
      const methods = bound.get(def.subject) ?? [];
      assert.equal(methods.length, 1, `${def.subject} is bound by ${methods.join(', ') || 'nothing'}`);
      assert.equal(methods[0].split('.')[1], key, `${def.subject} is bound by ${methods[0]}`);
    }
    const subjects = new Set(Object.values(served).map((d) => d.subject));
    // tenant.people.* are the generic workspace-lifecycle part (tenantPart of platform-host, its own spec).
    assert.deepEqual(
      [...bound.keys()].filter((s) => !subjects.has(s) && !s.startsWith('tenant.people.')),
      [],
    );
  });
});
