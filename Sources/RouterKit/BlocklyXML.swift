import Foundation
import SWXMLHash

// Rapid Router's saved programs: a Blockly workspace in XML (reference §8) → the program tree.
// One `start` block; top-level `declare_proc` blocks are procedures; any other top-level block is
// detached (counted in `detachedBlocks`, never run). Layout attributes, unknown elements and
// `<shadow>` blocks are ignored. Ids come from the `id` attribute, else the n-th block in document
// order is "bn" (as in our JSON).
//
// Bounds are checked before SWXMLHash (Foundation's XMLParser) sees the text: 256 KB, no
// `<!DOCTYPE`/`<!ENTITY` declarations at all (so no entity can expand or be fetched), and a shallow
// enough element tree; then at most 500 blocks and 32 levels of blocks inside blocks.

extension Program {
    public static func parse(blocklyXML text: String) throws(ProgramError) -> Program {
        try parse(blocklyXML: Data(text.utf8))
    }

    public static func parse(blocklyXML data: Data) throws(ProgramError) -> Program {
        try BlocklyXMLReader.checkBeforeParsing(data)
        let indexer = XMLHash.config { $0.detectParsingErrors = true }.parse(data)
        if case .parsingError(let problem) = indexer {
            // Some platforms' parsers do not say where (line 0).
            guard problem.line > 0 else { throw ProgramError(.invalidXML, words: .say("program.xml.notWellFormed")) }
            let place: [String: Words] = ["line": .number(problem.line), "column": .number(problem.column)]
            throw ProgramError(.invalidXML, words: .say("program.xml.notWellFormedAt", place), line: problem.line, column: problem.column)
        }
        guard let root = indexer.children.first?.element, root.name == "xml" else {
            throw ProgramError(.invalidXML, words: .say("program.xml.notBlockly"))
        }
        var reader = BlocklyXMLReader()
        return try reader.program(root)
    }
}

struct BlocklyXMLReader {
    typealias Element = XMLHashXMLElement
    /// A chain of 500 blocks joined by <next> is 1000 elements deep; nothing honest goes deeper.
    static let maxElementDepth = 2 * ProgramLimits.maxBlocks + 24

    private var ids: [ObjectIdentifier: BlockID] = [:]

    // MARK: before parsing

    /// A small scan of the raw text: size, no declarations (DOCTYPE, ENTITY), element depth.
    /// Comments, CDATA and processing instructions are skipped; quoted attribute values may hold '>'.
    static func checkBeforeParsing(_ data: Data) throws(ProgramError) {
        guard data.count <= ProgramLimits.maxXMLBytes else {
            throw ProgramError(.tooLarge, words: .say("program.size.xml", ["limit": .number(ProgramLimits.maxXMLBytes / 1024)]))
        }
        let bytes = [UInt8](data)
        func starts(_ prefix: String, at index: Int) -> Bool {
            let p = Array(prefix.utf8)
            return index + p.count <= bytes.count && bytes[index..<(index + p.count)].elementsEqual(p)
        }
        func skip(to terminator: String, from index: Int) -> Int {
            let t = Array(terminator.utf8)
            var i = index
            while i + t.count <= bytes.count {
                if bytes[i..<(i + t.count)].elementsEqual(t) { return i + t.count }
                i += 1
            }
            return bytes.count
        }
        var i = 0, depth = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            if starts("<!--", at: i) { i = skip(to: "-->", from: i + 4); continue }
            if starts("<![CDATA[", at: i) { i = skip(to: "]]>", from: i + 9); continue }
            if starts("<!", at: i) {
                throw ProgramError(.invalidXML, words: .say("program.xml.declarations"))
            }
            if starts("<?", at: i) { i = skip(to: "?>", from: i + 2); continue }
            let closing = starts("</", at: i)
            var j = i + 1, quote: UInt8? = nil
            while j < bytes.count {
                let byte = bytes[j]
                if let q = quote { if byte == q { quote = nil } }
                else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte }
                else if byte == UInt8(ascii: ">") { break }
                j += 1
            }
            let selfClosing = j > i && j < bytes.count && bytes[j - 1] == UInt8(ascii: "/")
            if closing { depth -= 1 } else if !selfClosing { depth += 1 }
            guard depth <= maxElementDepth else {
                throw ProgramError(.tooLarge, words: .say("program.size.xmlNesting"))
            }
            i = j + 1
        }
    }

    // MARK: the workspace

    mutating func program(_ root: Element) throws(ProgramError) -> Program {
        try assignIDs(root)
        var starts: [Element] = [], procedures: [Procedure] = [], detached = 0
        for element in root.children.compactMap({ $0 as? Element }) where element.name == "block" {
            switch attribute(element, "type") {
            case "start": starts.append(element)
            case "declare_proc":
                let id = self.id(element)
                let body = try statementInput(element, "DO", depth: 2)
                procedures.append(Procedure(name: field(element, "NAME") ?? "", body: body, id: id))
            default: detached += 1
            }
        }
        guard starts.count == 1, let start = starts.first else {
            throw ProgramError(.invalidXML, words: starts.isEmpty ? .say("program.xml.noStart")
                                                    : .say("program.xml.startBlocks", ["count": .number(starts.count)]))
        }
        let main = try chain(from: child(start, "next").flatMap { blockIn($0) }, depth: 1)
        return Program(main: main, procedures: procedures, detachedBlocks: detached)
    }

    /// Every `<block>` (not inside a `<shadow>`) in document order gets its id up front, so made-up
    /// ids follow the document whatever order the inputs are read in.
    private mutating func assignIDs(_ root: Element) throws(ProgramError) {
        var order: [Element] = []
        var stack: [Element] = [root]
        while let element = stack.popLast() {
            if element.name == "shadow" { continue }
            if element.name == "block" {
                order.append(element)
                guard order.count <= ProgramLimits.maxBlocks else {
                    throw ProgramError(.tooLarge, words: .say("program.size.blocks", ["limit": .number(ProgramLimits.maxBlocks)]))
                }
            }
            stack.append(contentsOf: element.children.compactMap { $0 as? Element }.reversed())
        }
        var used = Set(order.compactMap { attribute($0, "id") })
        for (index, element) in order.enumerated() {
            if let given = attribute(element, "id"), !given.isEmpty {
                ids[ObjectIdentifier(element)] = BlockID(String(given.prefix(64)))
                continue
            }
            let candidate = BlockIDs.made(ordinal: index + 1, avoiding: used)
            used.insert(candidate)
            ids[ObjectIdentifier(element)] = BlockID(candidate)
        }
    }

    // MARK: statements

    /// Follows `<next>` links iteratively: a long chain is not deep.
    private func chain(from first: Element?, depth: Int) throws(ProgramError) -> [Statement] {
        var result: [Statement] = []
        var current = first
        while let element = current {
            result.append(try statement(element, depth: depth))
            current = child(element, "next").flatMap { blockIn($0) }
        }
        return result
    }

    private func statementInput(_ element: Element, _ name: String, depth: Int) throws(ProgramError) -> [Statement] {
        try chain(from: input(element, "statement", name).flatMap { blockIn($0) }, depth: depth)
    }

    private func statement(_ element: Element, depth: Int) throws(ProgramError) -> Statement {
        let (type, id) = try describe(element, depth: depth)
        if let action = VanAction(rawValue: type) { return .action(action, id: id) }
        switch type {
        case "controls_repeat":
            let times: Expression
            if let text = field(element, "TIMES") {
                times = .number(try number(text, "TIMES", type, id, range: ProgramLimits.timesRange), id: id)
            } else if input(element, "value", "TIMES") != nil {
                times = try expression(valueBlock(element, "TIMES"), owner: id, depth: depth + 1)
            } else {
                throw fail(type, id, "noTimes")
            }
            return .repeatTimes(times, body: try statementInput(element, "DO", depth: depth + 1), id: id)
        case "controls_repeat_while", "controls_repeat_until", "controls_whileUntil":
            let stock = type == "controls_whileUntil"
            let until = stock ? field(element, "MODE") == "UNTIL" : type == "controls_repeat_until"
            let test = try condition(valueBlock(element, stock ? "BOOL" : "condition"), owner: id, depth: depth + 1)
            let body = try statementInput(element, stock ? "DO" : "body", depth: depth + 1)
            return .repeatWhile(until ? .not(test, id: id) : test, until: until, body: body, id: id)
        case "controls_if":
            // The mutation gives the shape; inputs present beyond it are read too.
            let mutation = child(element, "mutation")
            var elseIfs = Int(mutation.flatMap { attribute($0, "elseif") } ?? "0") ?? 0
            for input in element.children.compactMap({ $0 as? Element }) {
                if let name = attribute(input, "name"), name.hasPrefix("IF") || name.hasPrefix("DO"),
                   let index = Int(name.dropFirst(2)), index > elseIfs, index < ProgramLimits.maxBlocks {
                    elseIfs = index
                }
            }
            guard (0..<ProgramLimits.maxBlocks).contains(elseIfs) else { throw fail(type, id, "tooManyElseIfs") }
            var branches: [Branch] = []
            for index in 0...elseIfs {
                let test = try condition(valueBlock(element, "IF\(index)"), owner: id, depth: depth + 1)
                branches.append(Branch(test, try statementInput(element, "DO\(index)", depth: depth + 1)))
            }
            let hasElse = mutation.flatMap { attribute($0, "else") } == "1" || input(element, "statement", "ELSE") != nil
            let otherwise = hasElse ? try statementInput(element, "ELSE", depth: depth + 1) : nil
            return .ifElse(branches: branches, otherwise: otherwise, id: id)
        case "call_proc":
            return .call(try name(field(element, "NAME") ?? "", type, id), id: id)
        case "variables_numeric_set", "variables_increment", "variables_set":
            let variable = try name(field(element, "NAME") ?? field(element, "VAR") ?? "", type, id)
            guard !variable.isEmpty else { throw fail(type, id, "noVariableName") }
            let value: Expression = if let text = field(element, "VALUE") {
                .number(try number(text, "VALUE", type, id, range: ProgramLimits.numberRange), id: id)
            } else {
                try expression(valueBlock(element, "VALUE"), owner: id, depth: depth + 1)
            }
            return type == "variables_increment" ? .increment(variable, by: value, id: id) : .setVariable(variable, value, id: id)
        case "start", "declare_proc":
            throw fail(type, id, "onItsOwn")
        default:
            throw fail(type, id, Self.isKnown(type) ? "notAStep" : "unknownBlock")
        }
    }

    // MARK: conditions and numbers

    private func condition(_ element: Element?, owner: BlockID, depth: Int) throws(ProgramError) -> Condition {
        guard let element else { return .missing(id: owner) }
        let (type, id) = try describe(element, depth: depth)
        switch type {
        case "at_destination": return .atDestination(id: id)
        case "dead_end": return .deadEnd(id: id)
        case "cow_crossing": return .cowCrossing(id: id)
        case "road_exists":
            guard let direction = field(element, "CHOICE").flatMap(RelativeDirection.init(rawValue:)) else {
                throw fail(type, id, "needsDirection")
            }
            return .roadExists(direction, id: id)
        case "traffic_light":
            guard let colour = field(element, "CHOICE").flatMap(LightColour.init(rawValue:)) else {
                throw fail(type, id, "needsColour")
            }
            return .trafficLight(colour, id: id)
        case "logic_negate":
            return .not(try condition(valueBlock(element, "BOOL"), owner: id, depth: depth + 1), id: id)
        case "logic_operation":
            let a = try condition(valueBlock(element, "A"), owner: id, depth: depth + 1)
            let b = try condition(valueBlock(element, "B"), owner: id, depth: depth + 1)
            switch field(element, "OP") {
            case "AND": return .and(a, b, id: id)
            case "OR": return .or(a, b, id: id)
            default: throw fail(type, id, "needsLogicOp")
            }
        case "logic_compare":
            guard let op = field(element, "OP").flatMap(ComparisonOperator.init(rawValue:)) else {
                throw fail(type, id, "needsCompareOp")
            }
            let a = try expression(valueBlock(element, "A"), owner: id, depth: depth + 1)
            return .compare(op, a, try expression(valueBlock(element, "B"), owner: id, depth: depth + 1), id: id)
        case "logic_boolean":
            return .constant(field(element, "BOOL") == "TRUE", id: id)
        default:
            throw fail(type, id, Self.isKnown(type) ? "notACondition" : "unknownBlock")
        }
    }

    private func expression(_ element: Element?, owner: BlockID, depth: Int) throws(ProgramError) -> Expression {
        guard let element else { return .missing(id: owner) }
        let (type, id) = try describe(element, depth: depth)
        switch type {
        case "math_number":
            return .number(try number(field(element, "NUM") ?? "", "NUM", type, id, range: ProgramLimits.numberRange), id: id)
        case "variables_get":
            let variable = try name(field(element, "NAME") ?? field(element, "VAR") ?? "", type, id)
            guard !variable.isEmpty else { throw fail(type, id, "noVariableName") }
            return .variable(variable, id: id)
        case "math_arithmetic":
            guard let op = field(element, "OP").flatMap(ArithmeticOperator.init(rawValue:)) else {
                throw fail(type, id, "needsArithmeticOp")
            }
            let a = try expression(valueBlock(element, "A"), owner: id, depth: depth + 1)
            return .arithmetic(op, a, try expression(valueBlock(element, "B"), owner: id, depth: depth + 1), id: id)
        default:
            throw fail(type, id, Self.isKnown(type) ? "notANumber" : "unknownBlock")
        }
    }

    // MARK: pieces

    private func describe(_ element: Element, depth: Int) throws(ProgramError) -> (String, BlockID) {
        let id = self.id(element)
        guard let type = attribute(element, "type"), !type.isEmpty else {
            throw ProgramError(.invalidXML, words: .say("program.xml.noType", ["id": .code(id)]), block: id)
        }
        guard depth <= ProgramLimits.maxDepth else {
            let words = Words.say("program.xml.tooDeep", ["type": .verbatim(type), "id": .code(id), "limit": .number(ProgramLimits.maxDepth)])
            throw ProgramError(.tooLarge, words: words, block: id)
        }
        return (type, id)
    }

    private func id(_ element: Element) -> BlockID { ids[ObjectIdentifier(element)] ?? BlockID("") }

    private func attribute(_ element: Element, _ name: String) -> String? { element.attribute(by: name)?.text }

    private func child(_ element: Element, _ name: String) -> Element? {
        element.children.lazy.compactMap { $0 as? Element }.first { $0.name == name }
    }

    /// `<statement name="DO">`, `<value name="A">`, …
    private func input(_ element: Element, _ kind: String, _ name: String) -> Element? {
        element.children.lazy.compactMap { $0 as? Element }.first { $0.name == kind && attribute($0, "name") == name }
    }

    /// The real block inside an input or `<next>`; a `<shadow>` alone counts as empty.
    private func blockIn(_ element: Element) -> Element? { child(element, "block") }

    private func valueBlock(_ element: Element, _ name: String) -> Element? {
        input(element, "value", name).flatMap { blockIn($0) }
    }

    private func field(_ element: Element, _ name: String) -> String? {
        input(element, "field", name).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    private func number(_ text: String, _ field: String, _ type: String, _ id: BlockID, range: ClosedRange<Int>) throws(ProgramError) -> Int {
        // Blockly may write "3.0" for a whole number.
        let value = Int(text) ?? Double(text).flatMap { $0.rounded() == $0 && abs($0) <= 1e9 ? Int($0) : nil }
        guard let value, range.contains(value) else {
            throw fail(type, id, "badNumber", ["field": .verbatim(field), "text": .verbatim(String(text.prefix(20))),
                                               "low": .number(range.lowerBound), "high": .number(range.upperBound)])
        }
        return value
    }

    private func name(_ text: String, _ type: String, _ id: BlockID) throws(ProgramError) -> String {
        guard text.count <= ProgramLimits.maxNameLength else {
            throw fail(type, id, "nameTooLong", ["limit": .number(ProgramLimits.maxNameLength)])
        }
        return text
    }

    /// "Block controls_repeat (id 'b3') has no TIMES field.": each problem is a whole sentence in the
    /// catalogue (`program.xml.<problem>`) naming the block, so a translation can order it freely.
    private func fail(_ type: String, _ id: BlockID, _ problem: String, _ arguments: [String: Words] = [:]) -> ProgramError {
        let named = arguments.merging(["type": .verbatim(type), "id": .code(id)]) { given, _ in given }
        return ProgramError(.invalidXML, words: .say("program.xml." + problem, named), block: id)
    }

    private static func isKnown(_ type: String) -> Bool {
        BlockType(rawValue: type) != nil || ["controls_whileUntil", "logic_operation", "logic_boolean", "variables_set"].contains(type)
    }
}
