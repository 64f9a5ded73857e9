import { InProcessBus } from './in-process.ts';
import { NatsBus } from './nats.ts';
import type { Bus } from './types.ts';

export interface OpenBusOptions {
  /** nats:// URL; when absent the in-process bus is used. */
  natsUrl?: string;
  queue?: string;
  prefix?: string;
  ephemeral?: boolean;
}

/** NATS when a URL is given, else the in-process bus (DESIGN §1: same code in both modes). */
export function openBus(opts: OpenBusOptions): Bus {
  if (opts.natsUrl) return new NatsBus({ servers: opts.natsUrl, queue: opts.queue, prefix: opts.prefix, ephemeral: opts.ephemeral });
  return new InProcessBus();
}
