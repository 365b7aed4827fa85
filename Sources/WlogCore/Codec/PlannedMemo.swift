/// The `planned` arrays of recent `workout.started` lines, by their exact text. Sessions of one
/// routine day repeat the same text, so the one-step replay (which keeps this in
/// `WlogState.plannedMemo`) reads a repeat with one compare instead of a parse, and the records
/// share one array. Only arrays that parsed are kept, and the same bytes always parse to the same
/// array, so a hit is exactly what the parse would give.
///
/// A cache, no part of the state's content: any two compare equal.
struct PlannedMemo: Sendable, Equatable {
    /// The ledger's exercise ids while a line is read, for the ids of the arrays parsed (nil
    /// otherwise: kept, they would make the ledger copy its tables on its next change).
    var names: ExerciseNames?
    /// The texts kept, `[` to `]`, and their arrays.
    private var texts: [[UInt8]] = []
    private var arrays: [[PlannedExercise]] = []
    /// The entry the next new text replaces once `capacity` are kept.
    private var next = 0
    /// Whether texts are kept: not for a single decode, which would copy each text for nothing.
    private var keeps = true

    /// A memo that keeps nothing (`EventCodec.decode`: one line, no next line to remember for).
    static var unused: PlannedMemo {
        var memo = PlannedMemo()
        memo.keeps = false
        return memo
    }

    /// How many texts are kept (a few routine days' worth).
    static let capacity = 8

    /// The array whose text starts at `start` (`readable` bytes may be read there), and that
    /// text's length; nil when no kept text is there.
    func find(_ start: UnsafePointer<UInt8>, readable: Int) -> (planned: [PlannedExercise], length: Int)? {
        for (index, text) in texts.enumerated() where text.count <= readable {
            let same = text.withUnsafeBytes { kept in
                kept.baseAddress.map { Self.same($0, UnsafeRawPointer(start), count: kept.count) } ?? false
            }
            if same { return (arrays[index], text.count) }
        }
        return nil
    }

    /// Whether `count` bytes at `a` and `b` are the same (whole words first).
    @inline(__always)
    private static func same(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var k = 0
        while k + 8 <= count {
            guard a.loadUnaligned(fromByteOffset: k, as: UInt64.self) == b.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            else { return false }
            k += 8
        }
        while k < count {
            guard a.load(fromByteOffset: k, as: UInt8.self) == b.load(fromByteOffset: k, as: UInt8.self) else { return false }
            k += 1
        }
        return true
    }

    /// Keeps `planned`, parsed from `text`.
    mutating func remember(_ text: UnsafeBufferPointer<UInt8>, _ planned: [PlannedExercise]) {
        guard keeps else { return }
        if texts.count < Self.capacity {
            texts.append(Array(text))
            arrays.append(planned)
        } else {
            texts[next] = Array(text)
            arrays[next] = planned
            next = (next + 1) % Self.capacity
        }
    }

    static func == (_: PlannedMemo, _: PlannedMemo) -> Bool { true }
}
