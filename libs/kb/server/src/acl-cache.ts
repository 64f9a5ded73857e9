/**
 * Per-process cache of grant-level maps (§6), bounded LRU: key = `aclKey` (client + the viewer attributes the grant
 * resolution reads), value = the map and the client's `kb.acl_versions` version it was computed at. Bounded by
 * entries and by the total number of acl ids held (maps of large trees are big).
 */
export interface AclCache {
  get(key: string, version: number): ReadonlyMap<string, number> | undefined;
  set(key: string, version: number, acl: ReadonlyMap<string, number>): void;
  readonly size: number;
}

interface AclEntry {
  version: number;
  acl: ReadonlyMap<string, number>;
}

/** A new LRU acl cache holding at most `maxEntries` maps and `maxIds` acl ids in all. */
export function createAclCache(maxEntries = 5000, maxIds = 300_000): AclCache {
  const entries = new Map<string, AclEntry>();
  let ids = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    ids -= e.acl.size;
    entries.delete(key);
  };
  return {
    get(key, version) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.version !== version) {
        drop(key);
        return undefined;
      }
      // Most recently used last.
      entries.delete(key);
      entries.set(key, e);
      return e.acl;
    },
    set(key, version, acl) {
      drop(key);
      if (acl.size > maxIds) return;
      entries.set(key, { version, acl });
      ids += acl.size;
      for (const k of entries.keys()) {
        if (entries.size <= maxEntries && ids <= maxIds) break;
        drop(k);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
