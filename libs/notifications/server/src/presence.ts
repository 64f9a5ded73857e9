import { presenceEvents, presenceOnlineOn, presenceSubjects } from '@intranet/platform-contracts/presence';
import { ask, on, systemContext, type Bus } from '@intranet/platform-bus';

/** A gateway node's answer to `gateway.presence.online` (parsed). */
interface Answer {
  online: string[];
  node: string;
  nodes: string[];
}

/** One question answered during the startup window: a node first heard beating later is asked it too. */
interface Asked {
  clientId: string;
  users: string[];
  /** The nodes that answered it (or are being asked). */
  nodes: Set<string>;
}

export interface PresenceMapOptions {
  /** How long one gateway node may take to answer, ms. */
  askTimeoutMs: number;
  /** After the gateway did not answer at all, how long users never heard of count as away without asking, ms. */
  retryMs: number;
  /**
   * How long after start() a gateway node heard beating for the first time is asked the questions answered so far,
   * ms (default 60 000: three default heartbeat periods, by when every node alive at our start has beaten; a node
   * that starts later has all its users' changes published to us).
   */
  startupMs?: number;
}

/**
 * Who has the portal open (issue 10 "a chat message while away"), fed by the gateway nodes'
 * `evt.gateway.presence.changed` (a non-durable subscription: every notifications process keeps its own map, and
 * old presence is worthless). user id → the gateway nodes where they have an identified socket; an empty set: known
 * to be away; a node that has stopped its heartbeat (`evt.gateway.presence.heartbeat`) keeps no one online.
 *
 * Users never heard of (this process started after they connected) are asked of the gateway once: any node first
 * (`gateway.presence.online`), then every other node that answer lists or that we heard beat
 * (`gateway.presence.online.<node>`, in parallel), each within `askTimeoutMs`. A node that does not answer counts
 * its users as away (a notification too many beats a lost one); no first answer at all: the gateway is not asked
 * again for `retryMs`. During the startup window (`startupMs`) a node heard beating for the first time is asked the
 * questions answered so far (it had not yet been heard of by the node that answered). An event from a node about a
 * user, heard while its answer was awaited, is newer than that answer and wins.
 */
export class PresenceMap {
  private readonly nodes = new Map<string, Set<string>>();
  /** Gateway node → until when its reported presence holds (its last word + three heartbeat periods), epoch ms. */
  private readonly alive = new Map<string, number>();
  private unsubs: (() => Promise<void>)[] = [];
  private askAfter = 0;
  /** Until when (epoch ms) a node heard beating for the first time is asked the questions of `answered`. */
  private startupUntil = 0;
  private answered: Asked[] = [];
  /** One set per answer awaited: the `user\nnode` pairs of the events heard meanwhile (newer than the answer). */
  private readonly watching = new Set<Set<string>>();

  constructor(
    private readonly bus: Bus,
    private readonly opts: PresenceMapOptions = { askTimeoutMs: 500, retryMs: 30_000 },
  ) {}

  async start(): Promise<void> {
    this.startupUntil = Date.now() + (this.opts.startupMs ?? 60_000);
    this.unsubs = [
      await on(this.bus, presenceEvents.changed, async (e) => this.mark(e.data.user_id, e.data.node, e.data.online)),
      // A node that stops beating (crashed: it never said its users went offline) no longer keeps anyone online.
      await on(this.bus, presenceEvents.heartbeat, async (e) => {
        this.alive.set(e.data.node, Date.now() + 3 * e.data.every_ms);
        // Not awaited: the next beats need no wait for this node's answer.
        if (this.answered.length) void this.complete(e.data.node);
      }),
    ];
  }

  async stop(): Promise<void> {
    for (const u of this.unsubs) await u();
    this.unsubs = [];
    this.answered = [];
  }

  /** Nest lifecycle (the module provides one map per process): subscribes once the application is up. */
  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  /** Nest lifecycle: unsubscribes before the bus closes. */
  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
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
    for (const w of this.watching) w.add(`${userId}\n${node}`);
    const set = this.nodes.get(userId) ?? new Set<string>();
    if (online) set.add(node);
    else set.delete(node);
    this.nodes.set(userId, set);
  }

  /**
   * Those of `userIds` (of client `clientId`) with no identified socket on any gateway node, in their order.
   * Never fails: a gateway node that does not answer leaves the unknown ones it has counted as away.
   */
  async away(clientId: string, userIds: readonly string[]): Promise<string[]> {
    const unknown = userIds.filter((u) => !this.nodes.has(u));
    if (unknown.length && Date.now() >= this.askAfter) await this.learn(clientId, unknown);
    return userIds.filter((u) => ![...(this.nodes.get(u) ?? [])].some((n) => this.holds(n)));
  }

  /** Asks any gateway node about `users`, then every other live node it or we know of; records the answers. */
  private async learn(clientId: string, users: string[]): Promise<void> {
    const first = await this.question(clientId, users);
    if (!first) {
      this.askAfter = Date.now() + this.opts.retryMs;
      return;
    }
    const answers = [first.answer];
    const asked: Asked = { clientId, users, nodes: new Set([first.answer.node]) };
    const others = new Set([...first.answer.nodes, ...[...this.alive.keys()].filter((n) => this.holds(n))]);
    others.delete(first.answer.node);
    const rest = await Promise.all([...others].map((node) => this.question(clientId, users, node)));
    for (const r of rest) {
      if (!r) continue;
      answers.push(r.answer);
      asked.nodes.add(r.answer.node);
    }
    // Known from now on (away unless an answer or event says otherwise): not asked again.
    for (const u of users) if (!this.nodes.has(u)) this.nodes.set(u, new Set());
    this.merge(users, first.answer, first.newer);
    rest.forEach((r) => r && this.merge(users, r.answer, r.newer));
    if (Date.now() < this.startupUntil) this.answered.push(asked);
    else this.answered = [];
  }

  /** Startup window: asks `node`, just heard beating, each question answered so far that it has not answered. */
  private async complete(node: string): Promise<void> {
    if (Date.now() >= this.startupUntil) {
      this.answered = [];
      return;
    }
    await Promise.all(
      this.answered
        .filter((q) => !q.nodes.has(node))
        .map(async (q) => {
          q.nodes.add(node);
          const r = await this.question(q.clientId, q.users, node);
          // Not answered (yet): asked again on its next beat within the window.
          if (!r) q.nodes.delete(node);
          else this.merge(q.users, r.answer, r.newer);
        }),
    );
  }

  /**
   * Asks one gateway node (`node`) or any (none given) which of `users` are online there. Resolves with the answer
   * and the `user\nnode` pairs of the events heard while it was awaited, or undefined (no answer in time, no such
   * node, a node id that cannot be a subject).
   */
  private async question(clientId: string, users: string[], node?: string): Promise<{ answer: Answer; newer: Set<string> } | undefined> {
    const newer = new Set<string>();
    this.watching.add(newer);
    try {
      const def = node === undefined ? presenceSubjects.online : presenceOnlineOn(node);
      const answer = await ask(this.bus, def, systemContext(clientId), { userIds: users }, { timeoutMs: this.opts.askTimeoutMs });
      return { answer, newer };
    } catch {
      return undefined;
    } finally {
      this.watching.delete(newer);
    }
  }

  /** Records what `answer`'s node said of each of `users`, except where an event of that node came meanwhile. */
  private merge(users: string[], answer: Answer, newer: Set<string>): void {
    this.heard(answer.node);
    const online = new Set(answer.online);
    for (const u of users) {
      if (newer.has(`${u}\n${answer.node}`)) continue;
      const set = this.nodes.get(u) ?? new Set<string>();
      if (online.has(u)) set.add(answer.node);
      else set.delete(answer.node);
      this.nodes.set(u, set);
    }
  }
}
