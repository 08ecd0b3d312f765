/// A dictionary that keeps at most `capacity` entries, dropping the least recently used.
///
/// Used for the objects that are expensive to rebuild every frame (Pango layouts, font
/// descriptions, gradient patterns). Values that own C resources are classes whose `deinit`
/// frees them, so eviction needs no callback.
///
/// Eviction sorts by last use and drops the oldest quarter at once, so its O(n log n) cost is
/// paid once per `capacity / 4` insertions rather than on every insertion.
///
/// With `maximumCost` it is bounded by what its entries cost too (decoded images: their
/// bytes): an insertion that goes over drops the least recently used entries until the rest
/// fit, but never the entry just inserted, which stays even when it alone is over the bound
/// (a frame must be able to draw what it asked for).
struct LeastRecentlyUsedCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, lastUse: UInt64, cost: Int)] = [:]
    private var clock: UInt64 = 0
    let capacity: Int
    /// The most all entries together may cost; nil: only `capacity` bounds the cache.
    let maximumCost: Int?
    /// What the entries cost together.
    private(set) var totalCost = 0

    init(capacity: Int, maximumCost: Int? = nil) {
        precondition(capacity > 0, "a cache needs room for at least one entry")
        self.capacity = capacity
        self.maximumCost = maximumCost
    }

    var count: Int { entries.count }

    /// The cached value, marked as just used.
    mutating func value(for key: Key) -> Value? {
        guard let index = entries.index(forKey: key) else { return nil }
        clock &+= 1
        entries.values[index].lastUse = clock
        return entries.values[index].value
    }

    mutating func insert(_ value: Value, for key: Key, cost: Int = 0) {
        clock &+= 1
        if let old = entries.updateValue((value, clock, cost), forKey: key) { totalCost -= old.cost }
        totalCost += cost
        if entries.count > capacity { evictOldest() }
        if let maximumCost, totalCost > maximumCost { evict(toCost: maximumCost, keeping: key) }
    }

    mutating func removeAll() {
        entries.removeAll()
        totalCost = 0
    }

    /// Drops the entries `matches` picks but the `count` most recently used of them (on a miss,
    /// not for every lookup: it sorts and copies the table).
    mutating func removeAll(exceptNewest count: Int, where matches: (Value) -> Bool) {
        let picked = entries.filter { matches($0.value.value) }.sorted { $0.value.lastUse > $1.value.lastUse }
        for (key, _) in picked.dropFirst(count) { remove(key) }
    }

    private mutating func remove(_ key: Key) {
        if let old = entries.removeValue(forKey: key) { totalCost -= old.cost }
    }

    /// Drops the least recently used entries but `kept` until the rest cost at most `bound`.
    private mutating func evict(toCost bound: Int, keeping kept: Key) {
        for (key, _) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where key != kept {
            guard totalCost > bound else { return }
            remove(key)
        }
    }

    private mutating func evictOldest() {
        let keep = max(1, capacity - max(1, capacity / 4))
        let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, _) in oldestFirst.prefix(entries.count - keep) { remove(key) }
    }
}
