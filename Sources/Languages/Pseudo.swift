/// The pseudo-language `en-XA`, made from English for finding words that do not come from the
/// catalogues: every letter of a message's own text accented (arguments, keywords and `#` kept),
/// the message wrapped in ⟦ ⟧ (so a test can tell catalogue words from everything else on a
/// page), and about 40% longer (so a layout that only fits English shows it).
enum Pseudo {
    static let accents: [Character: Character] = [
        "a": "á", "e": "é", "i": "í", "o": "ó", "u": "ú", "A": "Å", "E": "É", "I": "Í", "O": "Ó", "U": "Ú",
        "c": "ç", "C": "Ç", "n": "ñ", "N": "Ñ", "y": "ý", "Y": "Ý",
    ]

    /// The pseudo message's source text.
    static func message(_ english: Message) -> String {
        let length = textLength(english.parts)
        // 40% longer, in runs of at most eight so the padding wraps like words (one long run
        // would be a word no real language has, and would push any page sideways).
        let tildes = (length * 2 + 4) / 5
        let padding = length == 0 ? "" : "·" + stride(from: 0, to: tildes, by: 8)
            .map { String(repeating: "~", count: min(8, tildes - $0)) }.joined(separator: " ")
        return "⟦" + source(english.parts, inPlural: false) + padding + "⟧"
    }

    static func textLength(_ parts: [Message.Part]) -> Int {
        parts.reduce(0) { total, part in
            switch part {
            case .text(let words): total + words.count
            case .plural(_, let exact, let branches): total + (Array(exact.values) + Array(branches.values)).map(textLength).reduce(0, +)
            case .select(_, let branches): total + branches.values.map(textLength).reduce(0, +)
            case .argument, .number, .pound: total
            }
        }
    }

    /// The parts written back in the message syntax, text accented and quoted where it must be.
    static func source(_ parts: [Message.Part], inPlural: Bool) -> String {
        parts.map { part in
            switch part {
            case .text(let words): escape(String(words.map { accents[$0] ?? $0 }), inPlural: inPlural)
            case .argument(let name): "{\(name)}"
            case .number(let name): "{\(name), number}"
            case .pound: "#"
            case .plural(let name, let exact, let branches):
                "{\(name), plural, "
                    + exact.keys.sorted().map { "=\(Self.number($0)) {\(source(exact[$0] ?? [], inPlural: true))}" }.joined(separator: " ")
                    + (exact.isEmpty ? "" : " ")
                    + branches.keys.sorted().map { "\($0) {\(source(branches[$0] ?? [], inPlural: true))}" }.joined(separator: " ") + "}"
            case .select(let name, let branches):
                "{\(name), select, " + branches.keys.sorted().map { "\($0) {\(source(branches[$0] ?? [], inPlural: inPlural))}" }
                    .joined(separator: " ") + "}"
            }
        }.joined()
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// Text as the syntax reads it back: apostrophes doubled, braces (and `#` in a plural) quoted.
    static func escape(_ text: String, inPlural: Bool) -> String {
        var written = ""
        for character in text {
            switch character {
            case "'": written += "''"
            case "{", "}": written += "'\(character)'"
            case "#" where inPlural: written += "'#'"
            default: written.append(character)
            }
        }
        return written
    }
}
