/** A small map with per-entry expiry; the gateway keeps session and client look-ups here for a few seconds. */
export class TtlCache<V> {
  private readonly map = new Map<string, { v: V; until: number }>();
  private readonly ttlMs: number;
  private readonly max: number;

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

  /** Drops entries whose key or value matches. */
  evict(match: (key: string, v: V) => boolean): void {
    for (const [k, e] of this.map) if (match(k, e.v)) this.map.delete(k);
  }

  clear(): void {
    this.map.clear();
  }
}
