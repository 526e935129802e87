import Foundation

/// A language's plural categories, from the CLDR rules its catalogue carries (so a new language
/// needs no code): `{"one": "i = 1 and v = 0"}`. The syntax is CLDR's, restricted to the operands
/// `n` (the absolute value), `i` (its integer digits) and `v` (how many fraction digits show),
/// `%`, `=`, `!=`, values, ranges (`3..10`) and lists (`1,3,5..7`); `and` binds tighter than `or`.
public struct PluralRules: Sendable, Equatable {
    /// The categories CLDR checks before falling back to `other`, in CLDR's order.
    public static let categories = ["zero", "one", "two", "few", "many"]

    struct Relation: Sendable, Equatable {
        let operand: Character
        let modulus: Int?
        let negated: Bool
        let ranges: [ClosedRange<Int>]
    }

    /// For each category: `or` of `and`s of relations.
    let rules: [(category: String, conditions: [[Relation]])]

    public static func == (left: PluralRules, right: PluralRules) -> Bool {
        left.rules.map(\.category) == right.rules.map(\.category) && left.rules.map(\.conditions) == right.rules.map(\.conditions)
    }

    /// Parses the rules; throws `PluralRules.Problem` naming the category whose rule it cannot read.
    public init(_ source: [String: String]) throws {
        var rules: [(String, [[Relation]])] = []
        for category in Self.categories {
            guard let text = source[category] else { continue }
            guard let conditions = Self.parse(text) else { throw Problem(category: category, rule: text) }
            rules.append((category, conditions))
        }
        if let unknown = source.keys.first(where: { !Self.categories.contains($0) }) {
            throw Problem(category: unknown, rule: source[unknown] ?? "")
        }
        self.rules = rules
    }

    public struct Problem: Error, CustomStringConvertible {
        public let category: String
        public let rule: String
        public var description: String { "the plural rule for '\(category)' is not one this reads: \(rule)" }
    }

    /// The category of a number: `zero`, `one`, `two`, `few`, `many` or `other`.
    public func category(of number: Double) -> String {
        let n = abs(number)
        let fraction = Self.fractionDigits(n)
        let integer = Int(exactly: n.rounded(.towardZero)) ?? Int.max
        for (category, conditions) in rules where conditions.contains(where: { $0.allSatisfy { $0.holds(n: n, i: integer, v: fraction) } }) {
            return category
        }
        return "other"
    }

    /// How many digits after the point the number shows as it is written (1.5 → 1, 2 → 0).
    static func fractionDigits(_ value: Double) -> Int {
        guard value.isFinite, value != value.rounded() else { return 0 }
        let text = "\(value)"
        guard let point = text.firstIndex(of: "."), !text.contains("e") else { return 0 }
        return text.distance(from: text.index(after: point), to: text.endIndex)
    }

    static func parse(_ text: String) -> [[Relation]]? {
        let words = Self.tokens(text)
        var alternatives: [[Relation]] = [[]]
        var index = 0
        while index < words.count {
            guard let operand = words[index].first, words[index].count == 1, "niv".contains(operand) else { return nil }
            index += 1
            var modulus: Int?
            if index + 1 < words.count, words[index] == "%" {
                guard let value = Int(words[index + 1]), value > 0 else { return nil }
                modulus = value
                index += 2
            }
            guard index + 1 < words.count, words[index] == "=" || words[index] == "!=" else { return nil }
            let negated = words[index] == "!="
            guard let ranges = Self.ranges(words[index + 1]) else { return nil }
            alternatives[alternatives.count - 1].append(Relation(operand: operand, modulus: modulus, negated: negated, ranges: ranges))
            index += 2
            if index < words.count {
                switch words[index] {
                case "and": break
                case "or": alternatives.append([])
                default: return nil
                }
                index += 1
                guard index < words.count else { return nil }
            }
        }
        return alternatives.contains(where: \.isEmpty) ? nil : alternatives
    }

    /// `n % 100 = 3..10` → ["n", "%", "100", "=", "3..10"].
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = [], characters = Array(text), index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if character == "!", index + 1 < characters.count, characters[index + 1] == "=" {
                tokens.append("!=")
                index += 2
            } else if character == "=" || character == "%" {
                tokens.append(String(character))
                index += 1
            } else {
                var word = ""
                while index < characters.count, !characters[index].isWhitespace, !"=%!".contains(characters[index]) {
                    word.append(characters[index])
                    index += 1
                }
                if word.isEmpty {  // a lone "!": a token of its own, which no rule accepts
                    word = String(character)
                    index += 1
                }
                tokens.append(word)
            }
        }
        return tokens
    }

    static func ranges(_ text: String) -> [ClosedRange<Int>]? {
        var result: [ClosedRange<Int>] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.components(separatedBy: "..")
            guard (1...2).contains(bounds.count), let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]), low <= high else { return nil }
            result.append(low...high)
        }
        return result.isEmpty ? nil : result
    }
}

extension PluralRules.Relation {
    func holds(n: Double, i: Int, v: Int) -> Bool {
        let matched: Bool
        switch operand {
        case "n":
            let value = modulus.map { n.truncatingRemainder(dividingBy: Double($0)) } ?? n
            matched = value == value.rounded() && ranges.contains { $0.contains(Int(exactly: value) ?? Int.min) }
        default:
            let whole = operand == "i" ? i : v
            let value = modulus.map { whole % $0 } ?? whole
            matched = ranges.contains { $0.contains(value) }
        }
        return matched != negated
    }
}
