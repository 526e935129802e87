import Foundation

/// Durations as the numbers reports and JSON show; written once for every kit and tool.
extension Duration {
    /// This duration in seconds, fractions included.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }

    public var milliseconds: Double { seconds * 1000 }
}

extension Duration {
    /// A duration as people write it for an option: a whole number and a unit, `s`, `m`, `h` or `d`
    /// (`90d`, `12h`, `30m`, `1s`); `nil` for anything else (no unit, a fraction, a sign, zero, or
    /// more than 100 years, so a slip of the keyboard cannot overflow a date).
    public init?(option text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let unit = trimmed.last, let scale: Int64 = ["s": 1, "m": 60, "h": 3600, "d": 86_400][unit],
              let count = Int64(trimmed.dropLast()), count > 0, trimmed.dropLast().allSatisfy(\.isASCII),
              trimmed.dropLast().allSatisfy(\.isNumber), count <= 36_500 * 86_400 / scale
        else { return nil }
        self = .seconds(count * scale)
    }

    /// The form `init(option:)` reads, in the largest unit that divides it (`90d`, `36h`, `1s`),
    /// for messages that repeat an option back.
    public var optionText: String {
        let seconds = components.seconds
        for (unit, scale) in [("d", Int64(86_400)), ("h", 3600), ("m", 60)] where seconds >= scale && seconds % scale == 0 {
            return "\(seconds / scale)\(unit)"
        }
        return "\(seconds)s"
    }
}
