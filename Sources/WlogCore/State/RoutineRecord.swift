/// A routine and whether it was retired.
public struct RoutineRecord: Sendable, Hashable {
    public var routine: Routine
    public var isRetired = false
}
