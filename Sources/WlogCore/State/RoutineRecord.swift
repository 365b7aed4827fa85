/// A routine and whether it was retired.
public struct RoutineRecord: Sendable, Hashable {
    public var routine: Routine
    public var isRetired: Bool

    public init(routine: Routine, isRetired: Bool = false) {
        self.routine = routine
        self.isRetired = isRetired
    }
}
