import { presenceEvents, presenceSubjects } from '@intranet/platform-contracts/presence';
import { ask, on, systemContext, type Bus } from '@intranet/platform-bus';

/**
 * Who has the portal open (issue 10 "a chat message while away"), fed by the gateway nodes'
 * `evt.gateway.presence.changed` (a non-durable subscription: every notifications process keeps its own map, and
 * old presence is worthless). user id → the gateway nodes where they have an identified socket; an empty set: known
 * to be away; a node that has stopped its heartbeat (`evt.gateway.presence.heartbeat`) keeps no one online. Users never heard of (this process started after they connected) are asked of the gateway once
 * (`gateway.presence.online`, `askTimeoutMs`); no answer counts them as away (a notification too many beats a lost
 * one) and the gateway is not asked again for `retryMs`.
 */
export class PresenceMap {
  private readonly nodes = new Map<string, Set<string>>();
  /** Gateway node → until when its reported presence holds (its last word + three heartbeat periods), epoch ms. */
  private readonly alive = new Map<string, number>();
  private unsubs: (() => Promise<void>)[] = [];
  private askAfter = 0;

  constructor(
    private readonly bus: Bus,
    private readonly opts: { askTimeoutMs: number; retryMs: number } = { askTimeoutMs: 500, retryMs: 30_000 },
  ) {}

  async start(): Promise<void> {
    this.unsubs = [
      await on(this.bus, presenceEvents.changed, async (e) => this.mark(e.data.user_id, e.data.node, e.data.online)),
      // A node that stops beating (crashed: it never said its users went offline) no longer keeps anyone online.
      await on(this.bus, presenceEvents.heartbeat, async (e) => void this.alive.set(e.data.node, Date.now() + 3 * e.data.every_ms)),
    ];
  }

  async stop(): Promise<void> {
    for (const u of this.unsubs) await u();
    this.unsubs = [];
  }

  /** Whether `node`'s word still holds: heard from within three of its heartbeat periods (a minute before any). */
  private holds(node: string): boolean {
    return (this.alive.get(node) ?? 0) >= Date.now();
  }

  private heard(node: string): void {
    this.alive.set(node, Math.max(this.alive.get(node) ?? 0, Date.now() + 60_000));
  }

  private mark(userId: string, node: string, online: boolean): void {
    this.heard(node);
    const set = this.nodes.get(userId) ?? new Set<string>();
    if (online) set.add(node);
    else set.delete(node);
    this.nodes.set(userId, set);
  }

  /**
   * Those of `userIds` (of client `clientId`) with no identified socket on any gateway node, in their order.
   * Never fails: a gateway that does not answer leaves the unknown ones counted as away.
   */
  async away(clientId: string, userIds: readonly string[]): Promise<string[]> {
    const unknown = userIds.filter((u) => !this.nodes.has(u));
    if (unknown.length && Date.now() >= this.askAfter) {
      try {
        const r = await ask(this.bus, presenceSubjects.online, systemContext(clientId), { userIds: unknown }, { timeoutMs: this.opts.askTimeoutMs });
        const online = new Set(r.online);
        // An event that came meanwhile is newer than the answer: only the still unknown are set.
        this.heard(r.node);
        for (const u of unknown) if (!this.nodes.has(u)) this.nodes.set(u, new Set(online.has(u) ? [r.node] : []));
      } catch {
        this.askAfter = Date.now() + this.opts.retryMs;
      }
    }
    return userIds.filter((u) => ![...(this.nodes.get(u) ?? [])].some((n) => this.holds(n)));
  }
}
