extension WlogState {
    /// The rest taken after each set that has one (`set.rested`), in milliseconds by set id: of
    /// several rests of one set, the latest change (`LatestChanges`: recorded-at, writer, then the
    /// writer's own order), whatever order they arrived in.
    public func restsTaken() -> [EventID: Int64] {
        var latest = LatestChanges()
        var rests: [EventID: Int64] = [:]
        for event in kept.ofType(.setRested) {
            guard case .setRested(let rest) = event.payload else { continue }
            if latest.take("rest." + rest.set.hex, SetChange.Stamp(event)) { rests[rest.set] = rest.durationMilliseconds }
        }
        return rests
    }
}
