import Foundation
import GridKit

/// A day of the daily puzzle, in UTC, written `2026-11-28`. Plain day arithmetic (no calendar or
/// time zone lookups), so every server and browser agrees on it.
public struct PuzzleDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let number: Int

    public init(number: Int) { self.number = number }

    /// The UTC day `date` falls in.
    public init(containing date: Date) {
        let days = (date.timeIntervalSince1970 / 86_400).rounded(.down)
        number = days.isFinite ? Int(max(-1e9, min(1e9, days))) : 0
    }

    /// Exactly `YYYY-MM-DD`, a real date in the years 2000–9999; `nil` otherwise.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (2000...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        let number = Self.number(year: year, month: month, day: day)
        // 31 February comes back as 3 March: such a day does not exist.
        guard Self.civil(number) == (year, month, day) else { return nil }
        self.number = number
    }

    /// Midnight UTC at the start of the day.
    public var start: Date { Date(timeIntervalSince1970: Double(number) * 86_400) }

    public func adding(days: Int) -> PuzzleDay { PuzzleDay(number: number + days) }

    public var description: String {
        let (year, month, day) = Self.civil(number)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    public static func < (lhs: PuzzleDay, rhs: PuzzleDay) -> Bool { lhs.number < rhs.number }

    /// Days since 1970-01-01 of a proleptic Gregorian date (eras of 400 years, March first).
    private static func number(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number: the inverse of `number(year:month:day:)`.
    private static func civil(_ number: Int) -> (Int, Int, Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension PuzzleDay: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = PuzzleDay(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a day: \(text)")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The daily puzzle: the same for everyone on a UTC day, made from the day alone (so any server
/// makes it again without storing it), with exactly one way to finish it and as few tiles given as
/// a quick search finds. Its id is `daily-YYYY-MM-DD`; people play copies of it.
public enum DailyPuzzle {
    public static let idPrefix = "daily-"
    /// The boards it is played on, one per day in turn: the classic rectangle and 8×8 boards
    /// whose solution lists are quick to make.
    public static let boards: [BoardShape] = [.sixByTen, .fiveByTwelve, .eightByEightWithHole, .fourByFifteen]
    /// Solutions tried for the fewest given tiles: each try is one pass over the board's solutions.
    static let tries = 12

    public static func id(for day: PuzzleDay) -> String { idPrefix + day.description }

    /// The day a daily puzzle's id names, or `nil` for any other id.
    public static func day(inID id: String) -> PuzzleDay? {
        guard id.hasPrefix(idPrefix) else { return nil }
        return PuzzleDay(String(id.dropFirst(idPrefix.count)))
    }

    /// The day's board: the boards in turn.
    public static func board(for day: PuzzleDay) -> BoardShape {
        let count = boards.count
        return boards[((day.number % count) + count) % count]
    }

    /// The day's puzzle, its clock started at midnight UTC.
    public static func make(for day: PuzzleDay) -> PentominoPuzzle? {
        let shape = board(for: day)
        var random = SeededRandom(seed: FNV1a.hash64(Array("pentomino daily \(day)".utf8)))
        guard let givens = PuzzleMaker.givens(for: shape, waysLeft: 1...1, tries: tries, random: &random),
              givens.waysLeft == 1 else { return nil }
        return try? PentominoPuzzle(id: id(for: day), shape: shape, givens: givens.placements, daily: day, now: day.start)
    }
}
