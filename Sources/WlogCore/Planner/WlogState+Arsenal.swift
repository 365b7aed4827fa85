/// The equipment arsenal as a filter of the library (seed 001: "link exercises to available equipment").
extension WlogState {
    /// The kinds of exercise equipment the available arsenal items allow, or `nil` when no
    /// arsenal is recorded (then nothing is filtered). Body-weight exercises never need equipment.
    public var availableEquipment: Set<Equipment>? {
        let items = equipment.values.filter(\.available)
        guard !equipment.isEmpty else { return nil }
        var allowed: Set<Equipment> = [.bodyweight, .none]
        for item in items {
            switch item.type {
            case .barbell: allowed.formUnion([.barbell, .ezBar, .trapBar])
            case .plates: allowed.insert(.plate)
            case .dumbbells: allowed.insert(.dumbbell)
            case .kettlebells: allowed.insert(.kettlebell)
            case .machine: allowed.formUnion([.machine, .smith])
            case .cable, .attachment: allowed.insert(.cable)
            case .bands: allowed.insert(.band)
            case .cardioMachine: allowed.insert(.cardioMachine)
            case .bench, .rack, .pullUpBar: break
            }
        }
        return allowed
    }

    /// Whether the lifter's available arsenal allows `exercise` (true when no arsenal is recorded).
    public func canDo(_ exercise: Exercise) -> Bool {
        availableEquipment.map { $0.contains(exercise.equipment) } ?? true
    }
}
