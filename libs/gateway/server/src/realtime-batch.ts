import type { RealtimeBatchRules } from '@intranet/platform-host';

/** One relayed event as a `batch` frame carries it: `[subject, data]`. */
export type BatchEntry = [subject: string, data: unknown];

interface Window {
  timer: NodeJS.Timeout;
  items: Map<string, BatchEntry>;
}

/**
 * Throttles a workspace's batchable realtime events (issue 19). Without it every like, comment and post of a client
 * goes to every socket of the client as its own frame, so socket writes grow with users²; with it a busy
 * workspace gets at most one `batch` frame per window, and inside a window only the newest event per identity
 * (the rules' fields, e.g. a like count per target) is kept.
 *
 * Leading edge: an event arriving while the workspace has no open window is sent at once (a quiet portal adds no
 * delay) and opens a window of `windowMs`; events arriving inside it wait for its end, when they go out together
 * and the next window opens; a window that ends with nothing queued closes. Latency is therefore at most
 * `windowMs` (default 500 ms, within issue 19's "shows within 1 s").
 */
export class RealtimeBatcher {
  private readonly windows = new Map<string, Window>();
  private seq = 0;

  /**
   * @param rules subject → identity fields (dotted paths); subjects absent here are never batched.
   * @param windowMs batch window in ms; 0 turns batching off.
   * @param sendOne sends one event now (its subject and data) to the client's sockets.
   * @param sendBatch sends the queued events, oldest first, as one frame to the client's sockets.
   */
  constructor(
    private readonly rules: RealtimeBatchRules,
    private readonly windowMs: number,
    private readonly sendOne: (clientId: string, subject: string, data: unknown) => void,
    private readonly sendBatch: (clientId: string, entries: BatchEntry[]) => void,
  ) {}

  /** Whether `subject`'s events may be batched at all. */
  batchable(subject: string): boolean {
    return this.windowMs > 0 && Object.hasOwn(this.rules, subject);
  }

  /** Sends or queues a batchable event of `clientId`'s workspace. */
  push(clientId: string, subject: string, data: unknown): void {
    const open = this.windows.get(clientId);
    if (!open) {
      this.sendOne(clientId, subject, data);
      this.windows.set(clientId, { timer: this.arm(clientId), items: new Map() });
      return;
    }
    const fields = this.rules[subject] ?? [];
    const key = fields.length ? `${subject}\u0000${fields.map((f) => String(pick(data, f))).join('\u0000')}` : `#${++this.seq}`;
    // The newest event of an identity takes the place of the older one, at the end (order of arrival).
    open.items.delete(key);
    open.items.set(key, [subject, data]);
  }

  /** Drops every window without sending (shutdown). */
  close(): void {
    for (const w of this.windows.values()) clearTimeout(w.timer);
    this.windows.clear();
  }

  private arm(clientId: string): NodeJS.Timeout {
    const t = setTimeout(() => this.flush(clientId), this.windowMs);
    t.unref();
    return t;
  }

  private flush(clientId: string): void {
    const w = this.windows.get(clientId);
    if (!w) return;
    if (!w.items.size) {
      this.windows.delete(clientId);
      return;
    }
    const entries = [...w.items.values()];
    this.windows.set(clientId, { timer: this.arm(clientId), items: new Map() });
    this.sendBatch(clientId, entries);
  }
}

/** `data`'s value at a dotted path (`post._id`), or undefined. */
function pick(data: unknown, path: string): unknown {
  let v = data;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}
