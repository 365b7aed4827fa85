import WlogCore

/// What `wlog audit` says of an event whose type `AuditRows` has no case for. The payload of a
/// type conforms beside the command that writes it (`AppendRest.swift` for `set.rested`), so a
/// new event type adds no line to `AuditRows`.
protocol AuditedEvent {
    /// The id of what the event is about (a set, a workout…); nil when it is about itself.
    var auditSubject: String? { get }
    /// The event as a lifter reads it: `rested 2:30`.
    func auditChange(unit: MassUnit) -> String
}

extension WorkoutUpdated: AuditedEvent {
    var auditSubject: String? { workout.hex }
    func auditChange(unit: MassUnit) -> String {
        var parts: [String] = []
        if let name { parts.append(name.isEmpty ? "name cleared" : "renamed " + name) }
        if let notes { parts.append(notes.isEmpty ? "notes cleared" : "notes " + notes) }
        return parts.joined(separator: ", ")
    }
}
