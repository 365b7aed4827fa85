extension JournalWriter {
    /// Makes `ids` hold the ids of every event after `through` (it holds those from `indexedFrom`).
    ///
    /// After a `.trailers` open only the hot tail is indexed; an append whose caller knows fewer
    /// events than are sealed (or knows none) has the sealed chunks after `through` decompressed,
    /// fully checked (lines, SHA-256, chain) and their ids added, once.
    func index(after through: UInt64) throws {
        guard through + 1 < indexedFrom else { return }
        let scanner = try JournalScanner(fd: fd, path: path, size: fileEnd)
        guard try scanner.readHeader() else {
            throw JournalError.damaged(scanner.status(path: path, fault: try scanner.classify()))
        }
        while scanner.nextSeq < indexedFrom, let unit = try scanner.next(skipThrough: through) {
            guard let content = unit.content, let base = content.baseAddress else { continue }
            for (offset, line) in scanner.lines.enumerated() {
                let seq = unit.firstSeq + UInt64(offset)
                guard seq > through, seq < indexedFrom else { continue }
                ids.insert(UnsafeRawBufferPointer(start: base + Int(line.idStart), count: Int(line.idEnd - line.idStart)))
            }
        }
        guard scanner.nextSeq >= indexedFrom else {
            throw JournalError.damaged(scanner.status(path: path, fault: try scanner.classify()))
        }
        indexedFrom = through + 1
    }

    /// Whether the journal holds an event with this id: the caller's knowledge for events
    /// `1…known.through`, the writer's index for the rest.
    func holds(_ id: UnsafeRawBufferPointer, known: KnownEvents?) -> Bool {
        ids.contains(id) || known?.contains(id) == true
    }
}
