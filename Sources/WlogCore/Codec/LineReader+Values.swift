extension LineReader {
    /// A JSON integer (no fraction or exponent) that fits in `Int`.
    @inline(__always)
    mutating func int() throws(Failure) -> Int {
        let start = pos
        let negative = byte == UInt8(ascii: "-")
        if negative { pos += 1 }
        let value = try wholeNumber(Int.self, from: start, overflow: "an integer in range", expected: "an integer")
        return negative ? -value : value
    }

    /// An integer within `range`.
    mutating func int(in range: ClosedRange<Int>, _ expected: String) throws(Failure) -> Int {
        let start = pos
        let v = try int()
        guard range.contains(v) else { pos = start; throw fail(.invalidValue, expected) }
        return v
    }

    /// A non-negative JSON integer that fits in `UInt64` (the sequence number).
    mutating func uint64() throws(Failure) -> UInt64 {
        try wholeNumber(UInt64.self, from: pos, overflow: "a sequence number below 2^64", expected: "a non-negative integer")
    }

    /// The decimal digits at the cursor as a `T`, which must not be followed by a fraction or an
    /// exponent; on a failure the cursor goes back to `start` and the error names `overflow` (too
    /// large) or `expected` (no digits, or not a whole number).
    @inline(__always)
    private mutating func wholeNumber<T: FixedWidthInteger>(
        _: T.Type, from start: Int, overflow: String, expected: String
    ) throws(Failure) -> T {
        var value: T = 0
        var digits = 0
        while pos < end {
            let d = base[pos] &- 0x30
            guard d < 10 else { break }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(T(d))
            guard !o1 && !o2 else { pos = start; throw fail(.invalidValue, overflow) }
            value = s
            digits += 1
            pos += 1
        }
        let b = byte
        guard digits > 0, b != UInt8(ascii: "."), b != UInt8(ascii: "e"), b != UInt8(ascii: "E") else {
            pos = start
            throw fail(.invalidValue, expected)
        }
        return value
    }

    /// An exact decimal in ten-thousandths, written as a JSON string (`"102.5"`, canonical) or a
    /// plain JSON number (`102.5`, accepted); at most four non-zero fraction digits, no exponent.
    @inline(__always)
    mutating func decimal() throws(Failure) -> Int64 {
        let start = pos
        let quoted = byte == UInt8(ascii: "\"")
        if quoted { pos += 1 }
        let negative = byte == UInt8(ascii: "-")
        if negative { pos += 1 }
        var whole: Int64 = 0
        var digits = 0
        while pos < end {
            let d = base[pos] &- 0x30
            guard d < 10 else { break }
            // Below 10^11 whole units: the ten-thousandths, and their conversion to metres or
            // kilograms (× 1609.344 at most), stay inside Int64 (`FixedPoint.parse`'s bound too).
            guard whole < 10_000_000_000 else { pos = start; throw fail(.invalidValue, "a decimal below 10^11") }
            whole = whole * 10 + Int64(d)
            digits += 1
            pos += 1
        }
        var fraction: Int64 = 0
        var scale: Int64 = 1000
        if byte == UInt8(ascii: ".") {
            pos += 1
            var fractionDigits = 0
            while pos < end {
                let d = base[pos] &- 0x30
                guard d < 10 else { break }
                if scale > 0 { fraction += Int64(d) * scale; scale /= 10 }
                else if d != 0 { pos = start; throw fail(.invalidValue, "at most four decimals") }
                fractionDigits += 1
                pos += 1
            }
            guard fractionDigits > 0 else { pos = start; throw fail(.invalidValue, "a digit after '.'") }
        }
        guard digits > 0 else { pos = start; throw fail(.invalidValue, "a decimal such as \"102.5\"") }
        if quoted {
            guard byte == UInt8(ascii: "\"") else { pos = start; throw fail(.invalidValue, "a decimal such as \"102.5\"") }
            pos += 1
        } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            pos = start
            throw fail(.invalidValue, "a decimal without exponent")
        }
        let value = whole * 10_000 + fraction
        return negative ? -value : value
    }

    /// An RPE: a JSON number 1–10 in steps of 0.5 (`8`, `8.5`).
    mutating func rpe() throws(Failure) -> RPE {
        let start = pos
        let v = try decimal()
        guard v % 5_000 == 0, let rpe = RPE(halfPoints: Int(v / 5_000)) else {
            pos = start
            throw fail(.invalidValue, "an RPE " + RPE.allowedText)
        }
        return rpe
    }

    /// A rating 1–5.
    mutating func rating() throws(Failure) -> Rating {
        let start = pos
        guard let r = Rating(try int()) else { pos = start; throw fail(.invalidValue, "a rating, " + Rating.allowedText) }
        return r
    }

    /// `true` or `false`.
    mutating func bool() throws(Failure) -> Bool {
        switch byte {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        default: throw fail(.invalidValue, "true or false")
        }
    }

    /// An event id: a string of 32 hex digits.
    @inline(__always)
    mutating func eventID() throws(Failure) -> EventID {
        let start = pos
        guard end - pos >= 34, base[pos] == UInt8(ascii: "\""), base[pos + 33] == UInt8(ascii: "\"") else {
            throw fail(.invalidValue, "an id of 32 hex digits")
        }
        let digits = base + start + 1
        if let high = LineReader.lowercaseHex(digits), let low = LineReader.lowercaseHex(digits + 16) {
            pos += 34
            return EventID(high: high, low: low)
        }
        // One table load per digit; an invalid digit (0xFF) shows in `bad` once all are read.
        let table = tables.hex
        var h: UInt64 = 0, l: UInt64 = 0, bad: UInt8 = 0
        for i in 0..<16 {
            let v = table[Int(digits[i])]
            bad |= v
            h = h << 4 | UInt64(v & 0x0F)
        }
        for i in 0..<16 {
            let v = table[Int(digits[16 + i])]
            bad |= v
            l = l << 4 | UInt64(v & 0x0F)
        }
        guard bad < 16 else { throw fail(.invalidValue, "an id of 32 hex digits") }
        pos += 34
        return EventID(high: h, low: l)
    }

    /// The value of 16 lowercase hex digits at `p`, eight at a time in a word (SWAR), or nil when
    /// any is not one of `0`–`9`, `a`–`f` (the caller then reads them digit by digit).
    @inline(__always)
    static func lowercaseHex(_ p: UnsafePointer<UInt8>) -> UInt64? {
        guard let a = hex8(UnsafeRawPointer(p)), let b = hex8(UnsafeRawPointer(p + 8)) else { return nil }
        return a << 32 | b
    }

    /// Eight lowercase hex digits, the first one most significant, or nil.
    @inline(__always)
    private static func hex8(_ p: UnsafeRawPointer) -> UInt64? {
        let w = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
        let ones: UInt64 = 0x0101_0101_0101_0101
        // '0'…'9' → low nibble; 'a'…'f' (bit 6 set) → low nibble + 9.
        let nibbles = (w & (ones &* 0x0F)) &+ ((w >> 6) & ones) &* 9
        // Valid iff every nibble ≤ 15 and it spells the same lowercase digit back.
        let letters = ((nibbles &+ ones &* 6) >> 4) & ones
        let spelled = nibbles &+ ones &* 0x30 &+ letters &* 0x27
        guard spelled == w, (nibbles &+ ones &* 0x70) & (ones &* 0x80) == 0 else { return nil }
        var x = nibbles.byteSwapped
        x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF
        x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF
        return (x | (x >> 16)) & 0xFFFF_FFFF
    }

    /// An instant: canonically `"2026-11-20T17:05:00.000Z"`; any ISO 8601 with `Z` or an offset is
    /// accepted. Returns the offset the text stated (0 for `Z`).
    @inline(__always)
    mutating func instant() throws(Failure) -> (instant: Instant, offset: Int) {
        let start = pos
        if let ms = canonicalInstantValue() { return (Instant(millisecondsSince1970: ms), 0) }
        let text = LineReader.truncatingFraction(try string())
        guard let parsed = Instant.parseISO8601(text), let offset = parsed.offsetMinutes else {
            pos = start
            throw fail(.invalidValue, "an instant such as \"2026-11-20T17:05:00.000Z\"")
        }
        return (Instant(millisecondsSince1970: parsed.local - Int64(offset) * 60_000), offset)
    }

    /// A canonical instant (`"YYYY-MM-DDTHH:MM:SS.mmmZ"`) at the cursor, consumed; nil (cursor
    /// unmoved) for any other text.
    @inline(__always)
    mutating func canonicalInstantValue() -> Int64? {
        guard end - pos >= 26, base[pos] == UInt8(ascii: "\""), base[pos + 25] == UInt8(ascii: "\""),
              base[pos + 24] == UInt8(ascii: "Z"), let ms = canonicalInstant(base + pos + 1) else { return nil }
        pos += 26
        return ms
    }

    /// A canonical instant at the cursor whose date is that of the canonical instant text at
    /// `earlier` (worth `earlierMilliseconds`): only its time of day is read and checked — the
    /// envelope's `recorded` is usually on the day of its `at`. Nil (cursor unmoved) otherwise.
    @inline(__always)
    mutating func sameDayInstant(as earlier: Int, _ earlierMilliseconds: Int64) -> Int64? {
        guard end - pos >= 26, base[pos] == UInt8(ascii: "\""), base[pos + 25] == UInt8(ascii: "\""),
              base[pos + 24] == UInt8(ascii: "Z") else { return nil }
        let a = UnsafeRawPointer(base + earlier + 1), b = UnsafeRawPointer(base + pos + 1)
        guard a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self),
              a.loadUnaligned(fromByteOffset: 8, as: UInt16.self) == b.loadUnaligned(fromByteOffset: 8, as: UInt16.self),
              let time = LineReader.canonicalTimeOfDay(base + pos + 1) else { return nil }
        let day: Int64 = 86_400_000
        let earlierTime = earlierMilliseconds - (earlierMilliseconds >= 0 ? earlierMilliseconds / day : (earlierMilliseconds - day + 1) / day) * day
        pos += 26
        return earlierMilliseconds - earlierTime + time
    }

    /// The text with a seconds fraction cut to its first three digits (what `parseISO8601` keeps
    /// anyway; it traps on longer fractions).
    static func truncatingFraction(_ text: String) -> String {
        var bytes = Array(text.utf8)
        guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return text }
        var end = dot + 1
        while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
        guard end - dot - 1 > 3 else { return text }
        bytes.removeSubrange((dot + 4)..<end)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS.mmm` at `p` (24 readable bytes), or `nil`. The date of the
    /// last one parsed is kept in `lastDay`: the same date again costs two compares.
    @inline(__always)
    private mutating func canonicalInstant(_ p: UnsafePointer<UInt8>) -> Int64? {
        @inline(__always) func d(_ i: Int) -> Int { Int(p[i] &- 0x30) }
        let head = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
        let tail = UnsafeRawPointer(p).loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        if head == lastDay.head && tail == lastDay.tail && lastDay.isSet {
            guard let time = LineReader.canonicalTimeOfDay(p) else { return nil }
            return lastDay.days * 86_400_000 + time
        }
        // Templates as little-endian words: byte i of the text is bits 8i…8i+7.
        guard LineReader.digits(p, 0, 0x2D30_302D_3030_3030, 0x00FF_FF00_FFFF_FFFF),   // "0000-00-"
              let time = LineReader.canonicalTimeOfDay(p) else { return nil }
        let year = d(0) * 1000 + d(1) * 100 + d(2) * 10 + d(3)
        let month = d(5) * 10 + d(6), day = d(8) * 10 + d(9)
        guard (1...12).contains(month), day >= 1, day <= LocalDay.daysIn(month: month, year: year) else { return nil }
        let days = Int64(LocalDay.daysFromCivil(year: year, month: month, day: day))
        lastDay = DayMemo(head: head, tail: tail, days: days, isSet: true)
        return days * 86_400_000 + time
    }

    /// The time of day of `YYYY-MM-DDTHH:MM:SS.mmmZ` at `p` in milliseconds, checking bytes
    /// 8…23 (`DDTHH:MM:SS.mmmZ`; the day's digits are checked, not its value), or nil.
    @inline(__always)
    static func canonicalTimeOfDay(_ p: UnsafePointer<UInt8>) -> Int64? {
        @inline(__always) func d(_ i: Int) -> Int { Int(p[i] &- 0x30) }
        guard digits(p, 8, 0x3030_3A30_3054_3030, 0xFFFF_00FF_FF00_FFFF),   // "00T00:00"
              digits(p, 16, 0x5A30_3030_2E30_303A, 0x00FF_FFFF_00FF_FF00)   // ":00.000Z"
        else { return nil }
        let hour = d(11) * 10 + d(12), minute = d(14) * 10 + d(15), second = d(17) * 10 + d(18)
        let millis = d(20) * 100 + d(21) * 10 + d(22)
        guard hour < 24, minute < 60, second < 60 else { return nil }
        return Int64(((hour * 60 + minute) * 60 + second) * 1000 + millis)
    }

    /// Whether the word at `p + at` matches `template` (SWAR): separator bytes must equal the
    /// template's, digit bytes (`digitMask`) must be 0x30…0x39 (high nibble 3, low nibble + 6
    /// without carry into 0x10).
    @inline(__always)
    static func digits(_ p: UnsafePointer<UInt8>, _ at: Int, _ template: UInt64, _ digitMask: UInt64) -> Bool {
        let w = UInt64(littleEndian: UnsafeRawPointer(p + at).loadUnaligned(as: UInt64.self))
        let sepMask = ~digitMask
        return w & sepMask == template & sepMask
            && w & digitMask & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030 & digitMask
            && ((w & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010 & digitMask == 0
    }

    /// A UTC offset in minutes, −1080…1080 (±18 h).
    @inline(__always)
    mutating func offset() throws(Failure) -> Int {
        let start = pos
        let v = try int()
        guard v >= -1080 && v <= 1080 else {
            pos = start
            throw fail(.invalidValue, "a UTC offset in minutes between -1080 and 1080")
        }
        return v
    }

    /// `kg` or `lb`.
    @inline(__always)
    mutating func massUnit() throws(Failure) -> MassUnit {
        if end - pos >= 4, base[pos] == UInt8(ascii: "\""), base[pos + 3] == UInt8(ascii: "\"") {
            let a = base[pos + 1], b = base[pos + 2]
            if a == UInt8(ascii: "k") && b == UInt8(ascii: "g") { pos += 4; return .kg }
            if a == UInt8(ascii: "l") && b == UInt8(ascii: "b") { pos += 4; return .lb }
        }
        return try enumValue(MassUnit.self, "a mass unit, \"kg\" or \"lb\"")
    }

    /// An array of integers.
    mutating func intArray() throws(Failure) -> [Int] {
        try array { (r: inout LineReader) throws(Failure) in try r.int() }
    }
}
