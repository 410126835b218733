import Synchronization

/// The one pool of ICU objects that ICU does not let two threads use at once (break
/// iterators, calendars, date formats, converters, searchers, `UBiDi`s, …): each
/// operation checks an object out, uses it alone, and checks it back in.
///
/// `Object` is a capability's own final class holding the ICU handle(s) and whatever
/// per-object state goes with them (a `UText`, a reused buffer, a last-applied setting),
/// closing them in its `deinit`.
///
/// - Configuration errors surface when the pool is created: the first object is made
///   eagerly, so a pool exists only for a configuration ICU accepted. Later objects
///   come from the same `make` (a clone of a never-used template, or a fresh open of an
///   accepted configuration), which ICU fails only when memory runs out; that is
///   treated as Swift treats an allocation failure.
/// - The common, uncontended case costs two atomic exchanges: one object sits in a
///   lock-free slot. Further objects (other threads at the same time) wait in a small
///   list under a mutex; past `capacity` an object is dropped (closed) when returned.
///
/// `Sendable` notes: an object is reachable from one thread at a time only — it is in
/// the slot, in the spare list (under the mutex), or checked out by exactly one caller.
/// `Object`s are `Sendable` so they can move between threads through the pool; their
/// own `Sendable` notes say why (used by one thread at a time).
final class ICUPool<Object: AnyObject & Sendable>: Sendable {
    private let make: @Sendable () throws(ICUError) -> Object
    /// An `Unmanaged<Object>` (retained) bit pattern, or 0 when empty.
    private let slot: Atomic<UInt>
    private let spares = Mutex<[Object]>([])
    private let capacity: Int

    /// Makes the first object now (its failure is the configuration's error).
    init(capacity: Int = 16, make: @escaping @Sendable () throws(ICUError) -> Object) throws(ICUError) {
        let first = try make()
        self.make = make
        self.capacity = capacity
        slot = Atomic(UInt(bitPattern: Unmanaged.passRetained(first).toOpaque()))
    }

    deinit {
        let bits = slot.exchange(0, ordering: .acquiring)
        if bits != 0 { Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }

    /// Runs `body` with an object no other thread uses meanwhile. Its state is whatever
    /// the previous user left: set what you read.
    @inline(__always)
    func withObject<R, E: Error>(_ body: (Object) throws(E) -> R) throws(E) -> R {
        let object = checkOut()
        defer { checkIn(object) }
        return try body(object)
    }

    /// Lends an object for longer than one call (a streaming decoder holds one for its
    /// life); the borrower must ``checkIn(_:)`` it and use it from one thread at a time.
    @inline(__always)
    func checkOut() -> Object {
        let bits = slot.exchange(0, ordering: .acquiring)
        if bits != 0 { return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeRetainedValue() }
        return spareOrNew()
    }

    /// Returns an object lent by ``checkOut()``.
    @inline(__always)
    func checkIn(_ object: Object) {
        let bits = UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
        let (stored, _) = slot.compareExchange(expected: 0, desired: bits, ordering: .releasing)
        if !stored {
            Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
            keepSpare(object)
        }
    }

    /// Runs `body` with a new object that no pool keeps (for an ICU object whose state
    /// after one use is not to be trusted by the next).
    func withNewObject<R, E: Error>(_ body: (Object) throws(E) -> R) throws(E) -> R {
        let object: Object
        do { object = try make() } catch {
            fatalError("cannot make another ICU object of an accepted configuration (out of memory): \(error)")
        }
        return try body(object)
    }

    /// Another thread holds the slot's object: a spare, or a new one.
    private func spareOrNew() -> Object {
        if let spare = spares.withLock({ $0.popLast() }) { return spare }
        do {
            return try make()
        } catch {
            fatalError("cannot make another ICU object of an accepted configuration (out of memory): \(error)")
        }
    }

    private func keepSpare(_ object: Object) {
        spares.withLock { if $0.count < capacity { $0.append(object) } }
    }
}

/// Owns one ICU handle and closes it when the last reference goes: the pooled object of
/// capabilities that keep nothing else with their handle.
///
/// `Sendable` notes: the handle is used by one thread at a time: either it is a
/// never-modified template (read-only cloning), or it is checked out of an ``ICUPool``
/// by one caller. `setting` is touched only by the thread that has it checked out.
final class ICUHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    private let close: @Sendable (OpaquePointer) -> Void
    /// A setting last applied to the handle (such as leniency), so that it is not set
    /// again on every call.
    var setting: Int32 = -1

    init(_ pointer: OpaquePointer, close: @escaping @Sendable (OpaquePointer) -> Void) {
        self.pointer = pointer
        self.close = close
    }

    deinit { close(pointer) }
}

/// Owns one ICU handle that ICU does not document as safe for concurrent use and that
/// has no clone function, and serializes every use of it (plural rules, list formats,
/// rule-based number formats, message formats, display names: short calls).
///
/// `Sendable` notes: the handle is reached only inside `withHandle`, under the mutex.
final class LockedHandle: @unchecked Sendable {
    private let handle: OpaquePointer
    private let close: @Sendable (OpaquePointer) -> Void
    private let lock = Mutex<Void>(())

    init(_ handle: OpaquePointer, close: @escaping @Sendable (OpaquePointer) -> Void) {
        self.handle = handle
        self.close = close
    }

    deinit { close(handle) }

    func withHandle<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        try lock.withLock { _ throws(E) -> R in try body(handle) }
    }
}

extension ICUPool where Object == ICUHandle {
    /// ``withObject(_:)`` for pools of plain handles: `body` gets the handle itself.
    @inline(__always)
    func withHandle<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        try withObject { (handle) throws(E) -> R in try body(handle.pointer) }
    }
}
