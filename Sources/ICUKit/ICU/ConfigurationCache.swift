import Synchronization

/// A process-wide, size-bounded cache of configured ICU objects (formatters,
/// calendars, …) keyed by their full configuration, so that creating "the same" one twice
/// costs a dictionary lookup, not an ICU open. Creation runs outside the lock; a full cache is
/// emptied before inserting (the engines stay alive while formatters use them).
///
/// `Sendable` notes: the dictionary is only touched under the mutex; values are `Sendable`.
final class ConfigurationCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let entries = Mutex<[Key: Value]>([:])
    private let limit: Int

    init(limit: Int = 64) { self.limit = limit }

    /// The cached value for `key`, or the one `create` makes (created outside the lock).
    func value<E: Error>(for key: Key, _ create: () throws(E) -> Value) throws(E) -> Value {
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let made = try create()
        return entries.withLock { entries in
            if let raced = entries[key] { return raced }
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = made
            return made
        }
    }
}
