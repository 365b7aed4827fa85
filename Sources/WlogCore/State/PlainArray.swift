/// A copy-on-write array of plain values (integers and structs of integers) whose elements may
/// live in memory it borrows: a decoded snapshot's set rows, history order and id table stay in
/// the mapped file instead of being copied into fresh memory (megabytes of copies and thousands
/// of page faults per process).
///
/// It behaves as `Array`: a copy shares the elements until one of the two changes them. A change
/// writes in place while the storage is uniquely referenced and has room (a snapshot's mapping is
/// private and writable, so writes stay in this process), else the elements are copied to the heap
/// first — with room to grow, as `Array` does.
struct PlainArray<Element>: @unchecked Sendable {
    /// Keeps the elements alive: the heap buffer it owns, or the memory it borrows.
    private var storage: PlainStorage<Element>
    /// The first element (the storage's, cached here to spare a load per access).
    private var base: UnsafeMutablePointer<Element>
    /// How many elements are in use.
    private(set) var count: Int

    init() {
        assert(_isPOD(Element.self), "a plain array holds plain values only")
        storage = PlainStorage(capacity: 0)
        base = storage.base
        count = 0
    }

    /// The `count` elements at `start`, borrowed (not copied) with room for `capacity` in all;
    /// `owner` keeps the memory alive and must let it be written.
    init(borrowing start: UnsafeMutablePointer<Element>, count: Int, capacity: Int, owner: AnyObject) {
        assert(_isPOD(Element.self), "a plain array holds plain values only")
        storage = PlainStorage(borrowing: start, capacity: capacity, owner: owner)
        base = start
        self.count = count
    }

    /// The elements of `source`, copied, with room for `capacity` in all.
    init(copying source: UnsafeBufferPointer<Element>, capacity: Int = 0) {
        storage = PlainStorage(capacity: Swift.max(capacity, source.count))
        base = storage.base
        if let start = source.baseAddress { base.update(from: start, count: source.count) }
        count = source.count
    }

    /// The elements of an array, copied.
    init(_ array: [Element]) {
        storage = PlainStorage(capacity: array.count)
        base = storage.base
        count = array.count
        let base = base
        array.withUnsafeBufferPointer { source in
            if let start = source.baseAddress { base.update(from: start, count: source.count) }
        }
    }

    /// `count` copies of `value`.
    init(repeating value: Element, count: Int) {
        storage = PlainStorage(capacity: count)
        base = storage.base
        base.initialize(repeating: value, count: count)
        self.count = count
    }

    /// How many elements fit before the storage grows.
    var capacity: Int { storage.capacity }

    /// Whether the elements live in borrowed memory (not a heap buffer of their own).
    var isBorrowed: Bool { storage.owner != nil }

    /// Calls `body` with the elements (alive for the call: `self` holds the storage).
    @inline(__always)
    func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the elements to change in place (copied first unless this array is the
    /// storage's only user).
    @inline(__always)
    mutating func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) -> R) -> R {
        if _slowPath(!isKnownUniquelyReferenced(&storage)) { makeUnique(capacity: count) }
        return body(UnsafeMutableBufferPointer(start: base, count: count))
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if _slowPath(count == storage.capacity || !isKnownUniquelyReferenced(&storage)) {
            makeUnique(capacity: count + 1)
        }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }

    /// Appends `elements` (memory this array does not hold) in one copy.
    mutating func append(copying elements: UnsafeBufferPointer<Element>) {
        guard let start = elements.baseAddress, !elements.isEmpty else { return }
        if _slowPath(count + elements.count > storage.capacity || !isKnownUniquelyReferenced(&storage)) {
            makeUnique(capacity: count + elements.count)
        }
        (base + count).initialize(from: start, count: elements.count)
        count += elements.count
    }

    mutating func reserveCapacity(_ minimum: Int) {
        if minimum > storage.capacity || !isKnownUniquelyReferenced(&storage) { makeUnique(capacity: minimum) }
    }

    /// Removes and returns the element at `index`, moving the later ones down.
    @discardableResult
    mutating func remove(at index: Int) -> Element {
        precondition(index >= 0 && index < count, "PlainArray index out of range")
        makeUnique(capacity: count)
        let removed = base[index]
        (base + index).update(from: base + index + 1, count: count - index - 1)
        count -= 1
        return removed
    }

    mutating func removeAll(keepingCapacity: Bool = false) {
        if keepingCapacity && isKnownUniquelyReferenced(&storage) {
            count = 0
        } else {
            self = PlainArray()
        }
    }

    /// Makes the storage this array's own, with room for at least `minimum` elements: a copy
    /// (growing by half again, at least) unless it already is and has the room.
    @inline(never)
    private mutating func makeUnique(capacity minimum: Int) {
        if minimum <= storage.capacity && isKnownUniquelyReferenced(&storage) { return }
        let grown = minimum > storage.capacity ? Swift.max(minimum, storage.capacity + storage.capacity / 2, 16) : storage.capacity
        let fresh = PlainStorage<Element>(capacity: grown)
        fresh.base.update(from: base, count: count)
        storage = fresh
        base = fresh.base
    }
}

extension PlainArray: RandomAccessCollection, MutableCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "PlainArray index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "PlainArray index out of range")
            if _slowPath(!isKnownUniquelyReferenced(&storage)) { makeUnique(capacity: count) }
            base[index] = newValue
        }
    }
}

extension PlainArray: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension PlainArray: Equatable where Element: Equatable {
    static func == (lhs: PlainArray, rhs: PlainArray) -> Bool { lhs.elementsEqual(rhs) }
}

/// The memory behind `PlainArray`: a heap buffer it allocated (`owner` nil), or memory another
/// object keeps alive (`owner`).
final class PlainStorage<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
    let capacity: Int
    let owner: AnyObject?

    init(capacity: Int) {
        base = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(capacity, 1))
        self.capacity = capacity
        owner = nil
    }

    init(borrowing base: UnsafeMutablePointer<Element>, capacity: Int, owner: AnyObject) {
        self.base = base
        self.capacity = capacity
        self.owner = owner
    }

    deinit {
        if owner == nil { base.deallocate() }
    }
}
