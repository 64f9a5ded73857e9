import { presenceEvents, presenceOnlineOn, presenceSubjects } from '@intranet/platform-contracts/presence';
import { emit, on, serve, type Bus, type RequestContext } from '@intranet/platform-bus';
import type { Logger } from '@intranet/platform-host';
import { randomUUID } from 'node:crypto';

/** How often a gateway node says it is alive (`evt.gateway.presence.heartbeat`), ms; RealtimeGateway's `@Interval`. */
export const PRESENCE_HEARTBEAT_MS = 20_000;

/**
 * This gateway node's presence (issue 10 "a chat message while away"): how many identified sockets each user has
 * here. A user's first socket publishes `evt.gateway.presence.changed` `{ user_id, online: true, node }`, their
 * last one closing `{ online: false }` (clientId: the user's client), in the order they happened; the requests
 * `gateway.presence.online` (every node) and `gateway.presence.online.<node>` (this one only) answer from these
 * counts, with the live peers this node heard beat. `node` is random per process (several nodes may run).
 * The periodic beat is its owner's timer (RealtimeGateway's `@Interval(PRESENCE_HEARTBEAT_MS)` calls heartbeat());
 * start() sends the first one and answers new peers.
 */
export class PresenceCounter {
  readonly node = randomUUID();
  /** user id → { client, identified sockets on this node }. */
  private readonly users = new Map<string, { clientId: string; n: number }>();
  /** Publications in order: a quick online→offline never reaches the bus reversed. */
  private chain: Promise<void> = Promise.resolve();
  /** Between start() and settled(): heartbeat() beats. */
  private beating = false;
  /** The beat answering peers heard for the first time, while it waits (50 ms). */
  private answerBeat: NodeJS.Timeout | undefined;
  /** The last beat on its way to the bus (settled() waits for it: a beat sent just before shutdown must not meet a closed bus). */
  private beat: Promise<void> = Promise.resolve();
  /** Gateway node → until when it counts as alive (its last heartbeat + three of its periods), epoch ms; not us. */
  private readonly peers = new Map<string, number>();
  /** The heartbeat subscription (resolves to its unsubscribe; undefined when it failed). */
  private listening?: Promise<(() => Promise<void>) | undefined>;

  constructor(
    private readonly bus: Bus,
    private readonly log: Logger,
  ) {}

  /**
   * Starts the heartbeat (listeners keep this node's reported presence only while it keeps beating) and listens to
   * the other nodes' beats: the live peers an answer lists. The first beat leaves once that subscription is in
   * place; peers heard for the first time get one beat at once (those within 50 ms share it), so a node that just
   * started knows the others within a round trip instead of a period. The later beats are heartbeat() calls.
   */
  start(): void {
    this.beating = true;
    this.listening = on(this.bus, presenceEvents.heartbeat, async ({ data }) => {
      if (data.node === this.node) return;
      const known = (this.peers.get(data.node) ?? 0) >= Date.now();
      this.peers.set(data.node, Date.now() + 3 * data.every_ms);
      if (known || !this.beating || this.answerBeat) return;
      this.answerBeat = setTimeout(() => {
        this.answerBeat = undefined;
        this.heartbeat();
      }, 50);
      this.answerBeat.unref();
    }).catch((err: unknown) => {
      this.log.warn(`presence heartbeats of the other nodes not heard: ${(err as Error).message}`);
      return undefined;
    });
    void this.listening.then(() => this.heartbeat());
  }

  /**
   * Publishes one heartbeat `{ node, every_ms: PRESENCE_HEARTBEAT_MS }` while started (a failure is logged);
   * nothing before start() or after settled().
   */
  heartbeat(): void {
    if (!this.beating) return;
    this.beat = emit(this.bus, presenceEvents.heartbeat, null, { node: this.node, every_ms: PRESENCE_HEARTBEAT_MS }).catch((err: unknown) =>
      this.log.warn(`presence heartbeat not published: ${(err as Error).message}`),
    );
  }

  /** This node and the peers heard beat within three of their periods (a silent one is dropped). */
  nodes(): string[] {
    const now = Date.now();
    for (const [node, until] of this.peers) if (until < now) this.peers.delete(node);
    return [this.node, ...this.peers.keys()];
  }

  /**
   * Binds `gateway.presence.online.<node>` (this node only), then `gateway.presence.online` (every node):
   * { userIds } → { online: those of the caller's client online here, node, nodes: nodes() }.
   * The gateway is built after its bus started (apps/gateway, the embedded portal): the bus serves a handler bound
   * after start() from then on, on NATS as in-process. Throws when `gateway.presence.online` is bound already on
   * this bus (a second node on the same bus object, in tests: its own subject is bound by then, and the first node
   * answers the shared one). Resolves once other connections reach both (a late bind on NATS); never rejects.
   */
  serve(): Promise<void> {
    const answer = async ({ userIds }: { userIds: string[] }, ctx: RequestContext) => ({
      online: userIds.filter((u) => ctx.clientId && this.users.get(u)?.clientId === ctx.clientId),
      node: this.node,
      nodes: this.nodes(),
    });
    const own = serve(this.bus, presenceOnlineOn(this.node), answer);
    const shared = serve(this.bus, presenceSubjects.online, answer);
    // Both binds are made (or the second has thrown) before this returns; the promise tells when other connections
    // reach them (a late bind on NATS).
    return Promise.all([own, shared]).then(() => undefined);
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

  /**
   * Stops the heartbeat and stops listening to the peers'; resolves when every change so far and the last beat are
   * published (shutdown: its users go offline first).
   */
  async settled(): Promise<void> {
    clearTimeout(this.answerBeat);
    this.beating = false;
    this.answerBeat = undefined;
    const unsub = await this.listening;
    this.listening = undefined;
    await unsub?.().catch(() => undefined);
    await this.beat;
    return this.chain;
  }

  private publish(clientId: string, userId: string, online: boolean): Promise<void> {
    this.chain = this.chain
      .then(() => emit(this.bus, presenceEvents.changed, clientId, { user_id: userId, online, node: this.node }))
      .catch((err: unknown) => this.log.warn(`presence of ${userId} not published: ${(err as Error).message}`));
    return this.chain;
  }
}
