import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { EventsController } from './events.controller.ts';
import { RULES } from './rules.ts';

describe('EventsController', () => {
  it('has one @EventPattern method per rule’s subject, and none without a rule', () => {
    const proto = EventsController.prototype as unknown as Record<string, object>;
    const bound = Object.getOwnPropertyNames(proto)
      .filter((k) => k !== 'constructor')
      .flatMap((k) => (Reflect.getMetadata(PATTERN_METADATA, proto[k]!) as string[] | undefined) ?? []);
    assert.deepEqual([...bound].sort(), RULES.map((r) => r.def.subject).sort());
  });
});
