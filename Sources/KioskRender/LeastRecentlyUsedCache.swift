/// A dictionary that keeps at most `capacity` entries, dropping the least recently used.
///
/// Used for the objects that are expensive to rebuild every frame (Pango layouts, font
/// descriptions, gradient patterns). Values that own C resources are classes whose `deinit`
/// frees them, so eviction needs no callback.
///
/// Eviction sorts by last use and drops the oldest quarter at once, so its O(n log n) cost is
/// paid once per `capacity / 4` insertions rather than on every insertion.
struct LeastRecentlyUsedCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity > 0, "a cache needs room for at least one entry")
        self.capacity = capacity
    }

    var count: Int { entries.count }

    /// The cached value, marked as just used.
    mutating func value(for key: Key) -> Value? {
        guard let index = entries.index(forKey: key) else { return nil }
        clock &+= 1
        entries.values[index].lastUse = clock
        return entries.values[index].value
    }

    mutating func insert(_ value: Value, for key: Key) {
        clock &+= 1
        entries[key] = (value, clock)
        if entries.count > capacity { evictOldest() }
    }

    mutating func removeAll() { entries.removeAll() }

    /// Drops the entries `matches` picks but the `count` most recently used of them (on a miss,
    /// not for every lookup: it sorts and copies the table).
    mutating func removeAll(exceptNewest count: Int, where matches: (Value) -> Bool) {
        let picked = entries.filter { matches($0.value.value) }.sorted { $0.value.lastUse > $1.value.lastUse }
        for (key, _) in picked.dropFirst(count) { entries.removeValue(forKey: key) }
    }

    private mutating func evictOldest() {
        let keep = max(1, capacity - max(1, capacity / 4))
        let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, _) in oldestFirst.prefix(entries.count - keep) {
            entries.removeValue(forKey: key)
        }
    }
}
