/// The next load up for an exercise: from the equipment arsenal when one is recorded, else the
/// default step (2.5 kg, or 5 lb when the load is in pounds).
public enum LoadIncrement {
    /// Where the next load came from.
    public enum Source: Sendable, Hashable {
        /// The next heavier weight of a rack (dumbbells, kettlebells, a machine stack): the item's name.
        case rack(String)
        /// Two of the smallest plate of a plate set: the item's name and that plate.
        case plates(String, Mass)
        /// No matching item with weights: 2.5 kg or 5 lb.
        case standard
    }

    /// The next load above `load`, or nil when the arsenal's matching items have nothing heavier.
    ///
    /// Barbell-type exercises (barbell, EZ bar, trap bar, Smith machine, plate) add two of the
    /// smallest available plate; dumbbell, kettlebell, machine and cable exercises take the next
    /// heavier weight of the available items of that type; anything else uses the standard step.
    /// Only items marked available count, wherever they are.
    public static func next(after load: Mass, equipment: Equipment, arsenal: [EquipmentItem]) -> (load: Mass, source: Source)? {
        let available = arsenal.filter { $0.available && !$0.weights.isEmpty }.sorted { $0.id < $1.id }
        switch equipment {
        case .barbell, .ezBar, .trapBar, .smith, .plate:
            let plates = available.filter { $0.type == .plates }
            if let (item, plate) = plates.compactMap({ item in item.weights.min().map { (item, $0) } }).min(by: { $0.1 < $1.1 }) {
                let step = plate.converted(to: load.unit)
                return (Mass(tenThousandths: load.tenThousandths + 2 * step.tenThousandths, unit: load.unit), .plates(item.name, plate))
            }
            return rack(after: load, items: available.filter { $0.type == .barbell }) ?? standard(load)
        case .dumbbell: return rackOrStandard(load, available.filter { $0.type == .dumbbells })
        case .kettlebell: return rackOrStandard(load, available.filter { $0.type == .kettlebells })
        case .machine: return rackOrStandard(load, available.filter { $0.type == .machine })
        case .cable: return rackOrStandard(load, available.filter { $0.type == .cable })
        default: return standard(load)
        }
    }

    /// The default step in the load's unit.
    public static func standardStep(_ unit: MassUnit) -> Mass {
        unit == .lb ? Mass(tenThousandths: 50_000, unit: .lb) : Mass(tenThousandths: 25_000, unit: .kg)
    }

    /// `share` of a load (0.9 = 90 %), rounded to the nearest standard step (halves round up).
    public static func share(_ share: Double, of load: Mass) -> Mass {
        let step = standardStep(load.unit).tenThousandths
        let steps = (Double(load.tenThousandths) * share / Double(step)).rounded(.toNearestOrAwayFromZero)
        return Mass(tenThousandths: Int64(steps) * step, unit: load.unit)
    }

    private static func standard(_ load: Mass) -> (load: Mass, source: Source) {
        (Mass(tenThousandths: load.tenThousandths + standardStep(load.unit).tenThousandths, unit: load.unit), .standard)
    }

    /// With no item of the type: the standard step; with items: their next heavier weight or nil.
    private static func rackOrStandard(_ load: Mass, _ items: [EquipmentItem]) -> (load: Mass, source: Source)? {
        items.isEmpty ? standard(load) : rack(after: load, items: items)
    }

    private static func rack(after load: Mass, items: [EquipmentItem]) -> (load: Mass, source: Source)? {
        var best: (Mass, EquipmentItem)?
        for item in items {
            for weight in item.weights where weight > load {
                if best.map({ weight < $0.0 }) ?? true { best = (weight, item) }
            }
        }
        return best.map { ($0.0.converted(to: load.unit), .rack($0.1.name)) }
    }
}
