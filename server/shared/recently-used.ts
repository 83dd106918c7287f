/**
 * The value a Map keeps under `key`, made when absent. The Map is kept in order of use, and beyond
 * `max` entries the least recently used is dropped (a Map iterates in insertion order).
 */
export function recentlyUsed<K, V>(kept: Map<K, V>, key: K, max: number, make: () => V): V {
  let found = kept.get(key);
  if (found !== undefined) kept.delete(key);
  else {
    found = make();
    if (kept.size >= max) kept.delete(kept.keys().next().value!);
  }
  kept.set(key, found);
  return found;
}
