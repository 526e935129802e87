import Foundation

/// A value a message is filled with.
public enum MessageArgument: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    case text(String)
    case number(Double)

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
}

/// One message in the catalogues' syntax, a subset of ICU MessageFormat: text, `{name}`,
/// `{name, number}`, `{name, plural, =0 {…} one {…} other {…}}` (with `#`) and
/// `{name, select, a {…} other {…}}`. Apostrophes follow ICU's "double optional" rule: `''` is one
/// apostrophe, and only a `'` right before a brace (or `#` in a plural) starts quoted text, so
/// "I'm" and "l'élève" need no escaping.
public struct Message: Sendable, Equatable {
    public indirect enum Part: Sendable, Equatable {
        case text(String)
        case argument(String)
        case number(String)
        /// `#`: the number of the plural it is in.
        case pound
        case plural(String, exact: [Double: [Part]], branches: [String: [Part]])
        case select(String, branches: [String: [Part]])
    }

    public let parts: [Part]

    public struct SyntaxError: Error, CustomStringConvertible, Equatable {
        public let message: String
        public let reason: String
        public var description: String { "\(reason) in “\(message)”" }
    }

    public init(_ source: String) throws {
        var parser = Parser(characters: Array(source), source: source)
        parts = try parser.parts(inPlural: false, nested: false)
    }

    init(parts: [Part]) { self.parts = parts }

    /// The words, with `arguments` filled in: numbers written for `locale`, plurals chosen by `plural`.
    public func format(_ arguments: [String: MessageArgument], plural: PluralRules, locale: Locale) -> String {
        Self.render(parts, arguments, plural: plural, formatter: NumberWriter(locale: locale), pound: nil)
    }

    static func render(_ parts: [Part], _ arguments: [String: MessageArgument], plural: PluralRules,
                       formatter: NumberWriter, pound: Double?) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .text(let words): text += words
            case .argument(let name), .number(let name):
                switch arguments[name] {
                case .text(let value): text += value
                case .number(let value): text += formatter.write(value)
                case nil: text += "{\(name)}"
                }
            case .pound: text += pound.map(formatter.write) ?? "#"
            case .plural(let name, let exact, let branches):
                let number: Double? = switch arguments[name] {
                case .number(let value): value
                case .text(let words): Double(words)
                case nil: nil
                }
                guard let value = number else {
                    text += "{\(name)}"
                    continue
                }
                let branch = exact[value] ?? branches[plural.category(of: value)] ?? branches["other"] ?? []
                text += render(branch, arguments, plural: plural, formatter: formatter, pound: value)
            case .select(let name, let branches):
                let key: String? = switch arguments[name] {
                case .text(let value): value
                case .number(let value): formatter.write(value)
                case nil: nil
                }
                let branch = key.flatMap { branches[$0] } ?? branches["other"] ?? []
                text += render(branch, arguments, plural: plural, formatter: formatter, pound: pound)
            }
        }
        return text
    }

    /// Every argument name the message uses (for checking that translations use the same ones).
    public var argumentNames: Set<String> { Self.names(in: parts) }

    static func names(in parts: [Part]) -> Set<String> {
        parts.reduce(into: Set<String>()) { names, part in
            switch part {
            case .text, .pound: break
            case .argument(let name), .number(let name): names.insert(name)
            case .plural(let name, let exact, let branches):
                names.insert(name)
                for branch in Array(exact.values) + Array(branches.values) { names.formUnion(Self.names(in: branch)) }
            case .select(let name, let branches):
                names.insert(name)
                for branch in branches.values { names.formUnion(Self.names(in: branch)) }
            }
        }
    }
}

/// Writes numbers the way the language does (grouping, decimal sign), with Latin digits everywhere
/// (pages do the same with `Intl.NumberFormat`), up to three decimals like `Intl`'s default.
struct NumberWriter {
    let formatter: NumberFormatter

    init(locale: Locale) {
        formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale.identifier.split(separator: "@")[0] + "@numbers=latn")
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 3
    }

    func write(_ value: Double) -> String { formatter.string(from: NSNumber(value: value)) ?? "\(value)" }
}
