import Testing
@testable import WlogCore

/// `PlainArray` behaves as `Array` (copy on write, growth), and one that borrows memory writes
/// into it only while it is the memory's only user and has room, and keeps the memory alive.
@Suite("Plain array")
struct PlainArrayTests {
    /// Memory to borrow that records when it is freed.
    final class Memory {
        let elements: UnsafeMutablePointer<Int32>
        let freed: UnsafeMutablePointer<Bool>

        init(_ values: [Int32], room: Int, freed: UnsafeMutablePointer<Bool>) {
            elements = .allocate(capacity: values.count + room)
            elements.initialize(repeating: 0, count: values.count + room)
            for (i, v) in values.enumerated() { elements[i] = v }
            self.freed = freed
        }

        deinit {
            elements.deallocate()
            freed.pointee = true
        }
    }

    @Test("random appends, writes and removes agree with Array, copies included")
    func agreesWithArray() {
        var rng = SnapshotTests.Rng(x: 41)
        var plain: PlainArray<Int32> = []
        var array: [Int32] = []
        var copies: [(PlainArray<Int32>, [Int32])] = []
        for step in 0..<3_000 {
            switch rng.int(0...9) {
            case 0...5:
                let v = Int32(rng.int(0...1_000_000))
                plain.append(v)
                array.append(v)
            case 6...7 where !array.isEmpty:
                let i = rng.int(0...array.count - 1), v = Int32(step)
                plain[i] = v
                array[i] = v
            case 8 where !array.isEmpty:
                let i = rng.int(0...array.count - 1)
                #expect(plain.remove(at: i) == array.remove(at: i))
            default:
                copies.append((plain, array))
            }
        }
        #expect(Array(plain) == array)
        #expect(plain.count == array.count && plain.last == array.last)
        // Every copy kept what it held when it was made.
        for (copy, expected) in copies { #expect(Array(copy) == expected) }
    }

    @Test("borrowed memory is written in place within its room, copied when shared or full, freed with the last user")
    func borrowing() {
        let freed = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        defer { freed.deallocate() }
        freed.pointee = false
        do {
            var memory: Memory? = Memory([10, 20, 30], room: 2, freed: freed)
            let elements = memory?.elements
            var a = PlainArray(borrowing: elements!, count: 3, capacity: 5, owner: memory!)
            memory = nil
            #expect(!freed.pointee && a.isBorrowed && Array(a) == [10, 20, 30])
            a.append(40)
            a[0] = 11
            #expect(a.isBorrowed && elements![3] == 40 && elements![0] == 11)
            // A copy shares the memory; a write to either copies first.
            var b = a
            b[1] = 21
            #expect(!b.isBorrowed && a.isBorrowed && elements![1] == 20 && Array(a) == [11, 20, 30, 40])
            #expect(Array(b) == [11, 21, 30, 40])
            a.append(50)
            #expect(a.isBorrowed && elements![4] == 50)
            // Past its room it moves to the heap; nothing borrows the memory then, so it is freed.
            #expect(!freed.pointee)
            a.append(60)
            #expect(!a.isBorrowed && Array(a) == [11, 20, 30, 40, 50, 60] && a.capacity >= 16)
            #expect(freed.pointee)
        }
        #expect(freed.pointee)
    }

    @Test("equality by elements, history order merges as before")
    func equality() {
        let a: PlainArray<Int32> = [1, 2, 3]
        var b = PlainArray<Int32>([1, 2])
        #expect(a != b)
        b.append(3)
        #expect(a == b)
        #expect(PlainArray<UInt64>(repeating: 7, count: 4).allSatisfy { $0 == 7 })
    }
}
