import assert from 'node:assert/strict';
import { bpEvents, bpRoutes } from '@intranet/bp-contract';
import { on, type BusEvent } from '@intranet/platform-bus';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

/** How the world's portal starts: `testPortal`, or `sharedPortal` for a spec file that shares the worker's (ADR 0013). */
type Open = (overrides?: Partial<Record<string, string>>) => Promise<TestPortal>;

export type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
export interface Person {
  id: string;
  token: string;
}
export type Body = any;

/** A refusal's field errors as sorted `field:code` strings. */
export const codes = (body: Body): string[] => (body.errors ?? []).map((e: { field: string; code: string }) => `${e.field}:${e.code}`).sort();

/**
 * The world the services specs share: a test portal with client `bpacme` (its administrator, a Sales chief, an
 * initiator in Sales under him, three employees p1..p3) and client `bpother` (an employee `stranger`), a service group
 * "Office" of bpacme, every services event collected in `events`, and helpers to create services, start and pass
 * requests as a given token. Close it with `t.close()`.
 */
export async function servicesWorld(open: Open = testPortal, tag = '') {
  const t = await open();
  const person = async (c: Client, email: string, extra: Record<string, unknown> = {}): Promise<Person> => {
    const e = await t.makeEmployee(c.adminToken, email, extra);
    return { id: e.user._id, token: e.token };
  };
  const acme = await t.makeClient(`bpacme${tag}`);
  const other = await t.makeClient(`bpother${tag}`);
  const chief = await person(acme, `chief@bpacme${tag}.test`, { department: 'Sales' });
  const initiator = await person(acme, `ini@bpacme${tag}.test`, { department: 'Sales', chiefCode: `chief@bpacme${tag}.test` });
  const p1 = await person(acme, `p1@bpacme${tag}.test`);
  const p2 = await person(acme, `p2@bpacme${tag}.test`);
  const p3 = await person(acme, `p3@bpacme${tag}.test`);
  const stranger = await person(other, `x@bpother${tag}.test`);
  const events: BusEvent[] = [];
  for (const def of Object.values(bpEvents) as (typeof bpEvents.started)[]) {
    await on(t.portal.platform.bus, def, async (e) => {
      events.push(e);
    });
  }
  const g = await t.call(bpRoutes.groupCreate, { token: acme.adminToken, body: { name: 'Office' } });
  assert.equal(g.status, 200, JSON.stringify(g.body));
  const group: string = g.body.result._id;
  /** The 4-step service of the process spec: a start form of every field type, the chief, p1, then p2 and p3 (review). */
  const steps = () => [
    {
      name: 'Request',
      fields: [
        { _id: 'title', name: 'Title', type: 'string', required: true },
        { _id: 'day', name: 'Day', type: 'date', required: true },
        { _id: 'kind', name: 'Kind', type: 'select', options: ['paper', 'plastic'] },
        { _id: 'mail', name: 'E-mail', type: 'email' },
        { _id: 'phone', name: 'Phone', type: 'phone' },
        { _id: 'count', name: 'Count', type: 'number' },
        { _id: 'who', name: 'Colleague', type: 'user' },
        { _id: 'off', name: 'Period', type: 'period' },
      ],
      performers: [{ kind: 'initiator' }],
    },
    { name: 'Chief approves', fields: [{ _id: 'budget', name: 'Budget', type: 'number', required: true }], performers: [{ kind: 'chief' }] },
    { name: 'Printing', fields: [{ _id: 'done', name: 'Printed on', type: 'date', required: true }], performers: [{ kind: 'employee', users: [p1.id] }] },
    { name: 'Office knows', review: true, performers: [{ kind: 'employees', users: [p2.id, p3.id] }] },
  ];
  const create = (body: Record<string, unknown>, token = acme.adminToken) => t.call(bpRoutes.serviceCreate, { token, body });
  const start = (token: string, body: Record<string, unknown>) => t.call(bpRoutes.requestStart, { token, body });
  const pass = (token: string, id: string, body: Record<string, unknown>) => t.call(bpRoutes.requestPassStep, { token, params: { bp: id }, body });
  const okValues = { title: 'Business cards', day: '2026-12-01', kind: 'paper' };
  return { t, acme, other, chief, initiator, p1, p2, p3, stranger, events, group, person, steps, create, start, pass, okValues };
}
export type ServicesWorld = Awaited<ReturnType<typeof servicesWorld>>;
