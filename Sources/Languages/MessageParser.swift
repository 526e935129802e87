/// Reads a message's text into `Message.Part`s (see `Message` for the syntax).
struct Parser {
    let characters: [Character]
    let source: String
    var index = 0

    init(characters: [Character], source: String) {
        self.characters = characters
        self.source = source
    }

    func error(_ reason: String) -> Message.SyntaxError { Message.SyntaxError(message: source, reason: reason) }

    /// Parts up to the end, or up to the `}` that closes a branch when `nested`.
    mutating func parts(inPlural: Bool, nested: Bool) throws -> [Message.Part] {
        var parts: [Message.Part] = []
        var text = ""
        func flush() {
            if !text.isEmpty { parts.append(.text(text)) }
            text = ""
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "'":
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if next == "'" {
                    text.append("'")
                    index += 2
                } else if let next, next == "{" || next == "}" || (inPlural && next == "#") {
                    // Quoted text up to the next lone apostrophe ('' inside stays one apostrophe).
                    index += 1
                    while index < characters.count {
                        if characters[index] == "'" {
                            if index + 1 < characters.count, characters[index + 1] == "'" {
                                text.append("'")
                                index += 2
                                continue
                            }
                            index += 1
                            break
                        }
                        text.append(characters[index])
                        index += 1
                    }
                } else {
                    text.append("'")
                    index += 1
                }
            case "#" where inPlural:
                flush()
                parts.append(.pound)
                index += 1
            case "{":
                flush()
                index += 1
                parts.append(try argument(inPlural: inPlural))
            case "}":
                guard nested else { throw error("a } with no { before it") }
                flush()
                return parts
            default:
                text.append(character)
                index += 1
            }
        }
        if nested { throw error("a { … } that is not closed") }
        flush()
        return parts
    }

    mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    /// A name, keyword or selector: letters, digits, `_`, `-`, `=` and `.`.
    mutating func word() -> String {
        skipSpaces()
        var word = ""
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || "_-=.".contains(characters[index]) {
            word.append(characters[index])
            index += 1
        }
        skipSpaces()
        return word
    }

    mutating func expect(_ character: Character) throws {
        skipSpaces()
        guard index < characters.count, characters[index] == character else {
            throw error("“\(character)” expected at character \(index + 1)")
        }
        index += 1
    }

    /// After `{`: `name}`, `name, number}`, `name, plural, …}` or `name, select, …}`.
    mutating func argument(inPlural: Bool) throws -> Message.Part {
        let name = word()
        guard !name.isEmpty else { throw error("an argument with no name at character \(index + 1)") }
        if index < characters.count, characters[index] == "}" {
            index += 1
            return .argument(name)
        }
        try expect(",")
        let kind = word()
        switch kind {
        case "number":
            try expect("}")
            return .number(name)
        case "plural", "select":
            try expect(",")
            var exact: [Double: [Message.Part]] = [:]
            var branches: [String: [Message.Part]] = [:]
            while true {
                skipSpaces()
                if index < characters.count, characters[index] == "}" {
                    index += 1
                    break
                }
                let selector = word()
                guard !selector.isEmpty else { throw error("a branch name expected in \(name)'s \(kind) at character \(index + 1)") }
                try expect("{")
                let branch = try parts(inPlural: kind == "plural" || inPlural, nested: true)
                index += 1  // the branch's }
                if kind == "plural", selector.hasPrefix("=") {
                    guard let value = Double(selector.dropFirst()) else { throw error("“\(selector)” is not an exact number") }
                    exact[value] = branch
                } else {
                    branches[selector] = branch
                }
            }
            guard branches["other"] != nil else { throw error("\(name)'s \(kind) has no “other” branch") }
            return kind == "plural" ? .plural(name, exact: exact, branches: branches) : .select(name, branches: branches)
        default:
            throw error("“\(kind)” is not number, plural or select")
        }
    }
}
