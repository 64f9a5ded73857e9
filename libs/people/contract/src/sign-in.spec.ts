import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { RouteDef, RouteTarget } from '@intranet/platform-contracts';
import { peopleRoutes } from './index.ts';
import { peopleRefs } from './refs.ts';
import { signInSchema, SIGN_IN } from './sign-in.ts';

/** What a zod schema (classic or mini) says of a body: the parsed value, or each issue's path, code and text. */
function zodSays(schema: Pick<RouteDef['body'], 'safeParse'>, input: unknown) {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, value: r.data } : { ok: false, issues: r.error.issues.map((i) => ({ path: i.path, code: i.code, message: i.message })) };
}

const long = (n: number) => 'x'.repeat(n);

/** Sign-in bodies around every rule: empty, blank, padded, at and over each length, wrong types, extra keys. */
const BODIES: unknown[] = [
  {},
  { login: '', password: '' },
  { login: '   ', password: ' ' },
  { login: ' ada ', password: ' secret ' },
  { login: 'ada', password: 'secret', workspace: undefined },
  { login: 'ada', password: 'secret', workspace: '' },
  { login: 'ada', password: 'secret', workspace: '   ' },
  { login: 'ada', password: 'secret', workspace: ' acme ' },
  { login: long(SIGN_IN.login.max), password: long(SIGN_IN.password.max), workspace: long(SIGN_IN.workspace.max) },
  { login: ` ${long(SIGN_IN.login.max)} `, password: 'p', workspace: ` ${long(SIGN_IN.workspace.max)} ` },
  { login: long(SIGN_IN.login.max + 1), password: long(SIGN_IN.password.max + 1), workspace: long(SIGN_IN.workspace.max + 1) },
  { login: 5, password: null, workspace: 7 },
  { login: ['a'], password: {}, workspace: null },
  { login: 'ada', password: 'secret', extra: 1 },
];

describe('signInSchema (issue 8 §5: the sign-in form of the first load validates with zod/mini)', () => {
  for (const [name, workspace] of [
    ['authLogin', false],
    ['authLoginPage', true],
  ] as const) {
    it(`says what the zod body of peopleRoutes.${name} says, body by body`, () => {
      const mini = signInSchema(workspace);
      for (const body of BODIES) assert.deepStrictEqual(zodSays(mini as never, body), zodSays(peopleRoutes[name].body, body), JSON.stringify(body));
    });
  }

  it('words the §5 sign-in texts', () => {
    const r = signInSchema(true).safeParse({ login: ' ', password: '', workspace: '' });
    assert.deepEqual(r.success ? [] : r.error.issues.map((i) => i.message), ['Enter login or e-mail', 'Enter login and password', 'Field is required']);
  });
});

describe('peopleRefs (the people routes of the first load, written out without schemas)', () => {
  it('are their routes’ method, path, envelope and access', () => {
    for (const [name, ref] of Object.entries(peopleRefs)) {
      const route = peopleRoutes[name as keyof typeof peopleRefs] as RouteTarget;
      assert.deepStrictEqual(ref, { method: route.method, path: route.path, envelope: route.envelope, access: route.access }, name);
    }
  });
});
