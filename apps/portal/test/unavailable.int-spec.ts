import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { allRoutes, createGateway } from '@intranet/gateway-server';
import { peopleRoutes } from '@intranet/people-contract';
import type { Bus } from '@intranet/platform-bus';
import { MESSAGES } from '@intranet/platform-errors';
import type { Logger } from '@intranet/platform-host';
import { LocalStorage } from '@intranet/platform-storage';
import { testBus } from '@intranet/platform-testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * Issue 38 §10: a 503 tells the caller only that the service is unavailable; its internal cause (the bus' "no
 * responders", TimeoutError, the subject) goes to the gateway's log. A gateway on a bus where no service listens
 * (in-process: no handler; NATS: no responders) answers every route 503.
 */
describe('503 bodies carry no internal cause (issue 38 §10)', () => {
  let app: NestFastifyApplication;
  let bus: Bus;
  let dir: string;
  const lines: string[] = [];
  const log: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (msg) => void lines.push(msg),
    error: (msg) => void lines.push(msg),
    enabled: () => true,
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'unavailable-'));
    bus = testBus();
    app = await createGateway({ bus, routes: allRoutes, jwtSecret: 'test-secret-0123456789abcdef', vendor: 'intranet', log, storage: new LocalStorage(dir) });
  });
  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the §8 text with no details; the log keeps the cause', async () => {
    const res = await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'POST', url: peopleRoutes.authForgot.path, payload: { email: 'someone@example.com' } });
    assert.equal(res.statusCode, 503);
    assert.deepEqual(res.json(), { name: 'unavailable', code: 'unavailable', message: MESSAGES.unavailable });
    assert.equal(lines.filter((l) => l.includes('people.auth.forgot')).length, 1, lines.join('\n'));
  });
});
