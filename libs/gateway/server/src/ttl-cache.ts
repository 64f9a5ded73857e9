/** A small map with per-entry expiry; the gateway keeps session and client look-ups here for a few seconds. */
export class TtlCache<V> {
  private readonly map = new Map<string, { v: V; until: number }>();
  private readonly inflight = new Map<string, Promise<V>>();
  private readonly ttlMs: number;
  private readonly max: number;
  /** Bumped by every eviction: a load that started before it must not store its (possibly stale) answer. */
  private epoch = 0;

  constructor(ttlMs: number, max = 50_000) {
    this.ttlMs = ttlMs;
    this.max = max;
  }

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.until < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e.v;
  }

  set(key: string, v: V): void {
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, { v, until: Date.now() + this.ttlMs });
  }

  /**
   * The cached value of `key`, else `load()`'s, stored for the TTL. Single flight: concurrent callers of an
   * expired key share one load (not one bus request each). A rejected load is not cached.
   */
  getOrLoad(key: string, load: () => Promise<V>): Promise<V> | V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    let pending = this.inflight.get(key);
    if (!pending) {
      const epoch = this.epoch;
      pending = load()
        .then((v) => {
          if (epoch === this.epoch) this.set(key, v);
          return v;
        })
        .finally(() => {
          if (this.inflight.get(key) === pending) this.inflight.delete(key);
        });
      this.inflight.set(key, pending);
    }
    return pending;
  }

  /** Drops entries whose key or value matches (and keeps loads under way from storing their answers). */
  evict(match: (key: string, v: V) => boolean): void {
    this.epoch++;
    this.inflight.clear();
    for (const [k, e] of this.map) if (match(k, e.v)) this.map.delete(k);
  }

  clear(): void {
    this.epoch++;
    this.inflight.clear();
    this.map.clear();
  }
}
