import { presenceEvents, presenceSubjects } from '@intranet/platform-contracts/presence';
import { emit, serve, type Bus } from '@intranet/platform-bus';
import type { Logger } from '@intranet/platform-host';
import { randomUUID } from 'node:crypto';

/**
 * This gateway node's presence (issue 10 "a chat message while away"): how many identified sockets each user has
 * here. A user's first socket publishes `evt.gateway.presence.changed` `{ user_id, online: true, node }`, their
 * last one closing `{ online: false }` (clientId: the user's client), in the order they happened; the request
 * `gateway.presence.online` answers from these counts. `node` is random per process (several nodes may run).
 */
export class PresenceCounter {
  readonly node = randomUUID();
  /** user id → { client, identified sockets on this node }. */
  private readonly users = new Map<string, { clientId: string; n: number }>();
  /** Publications in order: a quick online→offline never reaches the bus reversed. */
  private chain: Promise<void> = Promise.resolve();
  private beat: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly log: Logger,
    /** How often this node says it is alive (`evt.gateway.presence.heartbeat`), ms. */
    private readonly heartbeatMs = 20_000,
  ) {}

  /** Starts the heartbeat: listeners keep this node's reported presence only while it keeps beating. */
  start(): void {
    const send = () =>
      void emit(this.bus, presenceEvents.heartbeat, null, { node: this.node, every_ms: this.heartbeatMs }).catch((err: unknown) =>
        this.log.warn(`presence heartbeat not published: ${(err as Error).message}`),
      );
    send();
    this.beat = setInterval(send, this.heartbeatMs);
    this.beat.unref();
  }

  /**
   * Binds `gateway.presence.online` ({ userIds } → { online, node }: those of the caller's client online here).
   * The gateway is built after its bus started (apps/gateway, the embedded portal): the bus serves a handler bound
   * after start() from then on, on NATS as in-process. Throws when the subject is bound already on this bus.
   */
  serve(): void {
    serve(this.bus, presenceSubjects.online, async ({ userIds }, ctx) => ({
      online: userIds.filter((u) => ctx.clientId && this.users.get(u)?.clientId === ctx.clientId),
      node: this.node,
    }));
  }

  /** One more identified socket of the user; resolves once a 0→1 change is published (errors are logged). */
  add(clientId: string, userId: string): Promise<void> {
    const u = this.users.get(userId);
    if (u) {
      u.n++;
      return this.chain;
    }
    this.users.set(userId, { clientId, n: 1 });
    return this.publish(clientId, userId, true);
  }

  /** One identified socket of the user fewer; the last one publishes the 1→0 change. */
  remove(userId: string): Promise<void> {
    const u = this.users.get(userId);
    if (!u) return this.chain;
    if (--u.n > 0) return this.chain;
    this.users.delete(userId);
    return this.publish(u.clientId, userId, false);
  }

  /** Stops the heartbeat; resolves when every change so far is published (shutdown: its users go offline first). */
  settled(): Promise<void> {
    clearInterval(this.beat);
    return this.chain;
  }

  private publish(clientId: string, userId: string, online: boolean): Promise<void> {
    this.chain = this.chain
      .then(() => emit(this.bus, presenceEvents.changed, clientId, { user_id: userId, online, node: this.node }))
      .catch((err: unknown) => this.log.warn(`presence of ${userId} not published: ${(err as Error).message}`));
    return this.chain;
  }
}
