import Foundation
import GridKit

/// One program tree for every way a program comes in: our JSON blocks (what the page edits),
/// Rapid Router's Blockly XML, and Python in Rapid Router's style. The interpreter runs this tree;
/// the block count and the "Python view" are computed from it.
///
/// Every node carries a `BlockID`: the block's id in the editor (JSON/XML), or `line:N` for Python,
/// so the events of a run can name the block (or line) that ran and the one that failed.
public struct BlockID: Hashable, Codable, Sendable, CustomStringConvertible {
    public var value: String
    public init(_ value: String) { self.value = value }
    public static func line(_ number: Int) -> BlockID { BlockID("line:\(number)") }
    public var description: String { value }
}

/// The van's actions (Python: `my_van.<rawValue>()`).
public enum VanAction: String, Hashable, Codable, Sendable, CaseIterable {
    case moveForwards = "move_forwards", turnLeft = "turn_left", turnRight = "turn_right"
    case turnAround = "turn_around", wait, deliver, soundHorn = "sound_horn"
}

/// Which way a road is looked for, relative to the van.
public enum RelativeDirection: String, Hashable, Codable, Sendable, CaseIterable {
    case forward = "FORWARD", left = "LEFT", right = "RIGHT"
}

public enum ComparisonOperator: String, Hashable, Codable, Sendable, CaseIterable {
    case equal = "EQ", notEqual = "NEQ", less = "LT", lessOrEqual = "LTE", greater = "GT", greaterOrEqual = "GTE"
}

/// Whole-number arithmetic. `divide` is floor division (Python's `//`; Python's `/` means the same
/// here because variables hold whole numbers). `modulo` has no Rapid Router block: it comes from
/// Python's `%` (floored, as Python's).
public enum ArithmeticOperator: String, Hashable, Codable, Sendable, CaseIterable {
    case add = "ADD", subtract = "MINUS", multiply = "MULTIPLY", divide = "DIVIDE", power = "POWER"
    case modulo = "MODULO"
}

/// An integer expression. Python's `get_current_coordinate()` / `get_previous_coordinate()`
/// give (x, y); a tuple is unpacked into two variables by the Python front end, and reading one
/// part is `coordinate`.
public indirect enum Expression: Hashable, Sendable {
    case number(Int, id: BlockID)
    case variable(String, id: BlockID)
    case arithmetic(ArithmeticOperator, Expression, Expression, id: BlockID)
    case coordinate(current: Bool, xPart: Bool, id: BlockID)
    /// An empty value socket in the editor (the id is the block that has the socket). Running a
    /// program with one is a compile error, as in the original; Python never produces it.
    case missing(id: BlockID)
}

public indirect enum Condition: Hashable, Sendable {
    case atDestination(id: BlockID)
    case roadExists(RelativeDirection, id: BlockID)
    case deadEnd(id: BlockID)
    case trafficLight(LightColour, id: BlockID)
    case cowCrossing(id: BlockID)
    case not(Condition, id: BlockID)
    case and(Condition, Condition, id: BlockID)
    case or(Condition, Condition, id: BlockID)
    case compare(ComparisonOperator, Expression, Expression, id: BlockID)
    /// Python's `True` / `False`.
    case constant(Bool, id: BlockID)
    /// An empty condition socket (the id is the block that has the socket): a compile error when
    /// run ("missing condition"), so an unfinished program from the editor is not a decoding error.
    case missing(id: BlockID)
}

public indirect enum Statement: Hashable, Sendable {
    case action(VanAction, id: BlockID)
    /// `controls_repeat` (Python `for _ in range(n)`). A plain `.number` here is the block's TIMES
    /// field (it counts no blocks); any other expression comes from Python's `range(n)`.
    case repeatTimes(Expression, body: [Statement], id: BlockID)
    /// `controls_repeat_while`; `controls_repeat_until` is a while over `.not(condition)` with
    /// `until: true` kept for the block count and the Python view.
    case repeatWhile(Condition, until: Bool, body: [Statement], id: BlockID)
    /// `controls_if`: the first branch whose condition holds runs, else `otherwise` if present.
    case ifElse(branches: [Branch], otherwise: [Statement]?, id: BlockID)
    case call(String, id: BlockID)
    /// `variables_numeric_set`; a plain `.number` is the block's VALUE field.
    case setVariable(String, Expression, id: BlockID)
    /// `variables_increment`; a plain `.number` is the block's VALUE field.
    case increment(String, by: Expression, id: BlockID)
}

public struct Branch: Hashable, Sendable {
    public var condition: Condition
    public var body: [Statement]
    public init(_ condition: Condition, _ body: [Statement]) {
        self.condition = condition
        self.body = body
    }
}

public struct Procedure: Hashable, Sendable {
    public var name: String
    public var body: [Statement]
    public var id: BlockID
    public init(name: String, body: [Statement], id: BlockID) {
        self.name = name
        self.body = body
        self.id = id
    }
}

/// A whole program: what hangs under the start block, the procedures defined beside it, and how
/// many top-level blocks were detached (not connected to start: they never run, and the original
/// warns about them).
public struct Program: Hashable, Sendable {
    public var main: [Statement]
    public var procedures: [Procedure]
    public var detachedBlocks: Int

    public init(main: [Statement], procedures: [Procedure] = [], detachedBlocks: Int = 0) {
        self.main = main
        self.procedures = procedures
        self.detachedBlocks = detachedBlocks
    }
}

/// Why a program could not be read (or was refused before running). `message` is written for the
/// person who wrote the program and already says where (a JSON path, a block, or "Line N:").
public struct ProgramError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Codable, Sendable {
        case invalidJSON = "invalid_program_json", invalidXML = "invalid_blockly_xml"
        case python = "python_error", tooLarge = "program_too_large"
        case notInToolbox = "block_not_in_toolbox", overLimit = "block_limit_exceeded"
    }

    public var code: Code
    public var message: String
    /// Python: 1-based line and column of the problem.
    public var line: Int?
    public var column: Int?
    /// JSON: where in the document (`blocks[2].do[0]`).
    public var path: String?
    /// XML or toolbox errors: the block concerned, when there is one.
    public var block: BlockID?
    /// What `message` says, kept so it can be said in another language. Every reader (blocks,
    /// Blockly XML, Python) and the toolbox check give words; nil only for a problem made with
    /// `init(_:_:…)` from a finished sentence, which is said as it is.
    public var words: Words?

    public init(_ code: Code, _ message: String, line: Int? = nil, column: Int? = nil, path: String? = nil,
                block: BlockID? = nil) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.path = path
        self.block = block
    }

    /// Equal when they say the same in English at the same place: how the words were kept is no
    /// part of what the problem is.
    public static func == (a: ProgramError, b: ProgramError) -> Bool {
        (a.code, a.message, a.line, a.column, a.path, a.block) == (b.code, b.message, b.line, b.column, b.path, b.block)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(line)
        hasher.combine(column)
        hasher.combine(path)
        hasher.combine(block)
    }

    /// A problem told in words any language can say (`message` is their English).
    public init(_ code: Code, words: Words, line: Int? = nil, column: Int? = nil, path: String? = nil,
                block: BlockID? = nil) {
        self.init(code, words.english, line: line, column: column, path: path, block: block)
        self.words = words
    }

    /// `message` in `language`, where the problem was kept in words (English otherwise).
    public func message(in language: TextLanguage) -> String { words?.text(in: language) ?? message }

    public var description: String { message }
}

/// Ids made up for blocks that came without one: the n-th block in document order is "bn", or
/// "bn_2", "bn_3", … if the document already uses that id for another block.
enum BlockIDs {
    static func made(ordinal: Int, avoiding used: Set<String>) -> String {
        var candidate = "b\(ordinal)", suffix = 1
        while used.contains(candidate) {
            suffix += 1
            candidate = "b\(ordinal)_\(suffix)"
        }
        return candidate
    }
}

/// Limits every front end enforces, so a program from the network is small before it is run.
public enum ProgramLimits {
    public static let maxBlocks = 500
    public static let maxDepth = 32
    public static let maxNameLength = 40
    public static let numberRange = -1_000_000...1_000_000
    public static let timesRange = 0...1000
    public static let maxXMLBytes = 256 * 1024
    public static let maxJSONBytes = 256 * 1024
    public static let maxPythonBytes = 64 * 1024
    public static let maxPythonLines = 2000
}

extension Program {
    public static func parse(json: String) throws(ProgramError) -> Program { try parse(json: Data(json.utf8)) }

    /// Every id replaced: for comparing programs that came in different ways (ids differ by
    /// front end: "b1" from blocks, "line:3" from Python).
    public func mappingIDs(_ transform: (BlockID) -> BlockID) -> Program {
        Program(main: main.map { $0.mappingIDs(transform) },
                procedures: procedures.map {
                    Procedure(name: $0.name, body: $0.body.map { $0.mappingIDs(transform) }, id: transform($0.id))
                },
                detachedBlocks: detachedBlocks)
    }

    public func erasingIDs() -> Program { mappingIDs { _ in BlockID("") } }
}

extension Statement {
    public var id: BlockID {
        switch self {
        case .action(_, let id), .repeatTimes(_, _, let id), .repeatWhile(_, _, _, let id), .ifElse(_, _, let id),
             .call(_, let id), .setVariable(_, _, let id), .increment(_, _, let id):
            return id
        }
    }

    func mappingIDs(_ f: (BlockID) -> BlockID) -> Statement {
        switch self {
        case .action(let a, let id): return .action(a, id: f(id))
        case .repeatTimes(let e, let body, let id):
            return .repeatTimes(e.mappingIDs(f), body: body.map { $0.mappingIDs(f) }, id: f(id))
        case .repeatWhile(let c, let until, let body, let id):
            return .repeatWhile(c.mappingIDs(f), until: until, body: body.map { $0.mappingIDs(f) }, id: f(id))
        case .ifElse(let branches, let otherwise, let id):
            return .ifElse(branches: branches.map { Branch($0.condition.mappingIDs(f), $0.body.map { $0.mappingIDs(f) }) },
                           otherwise: otherwise.map { $0.map { $0.mappingIDs(f) } }, id: f(id))
        case .call(let name, let id): return .call(name, id: f(id))
        case .setVariable(let name, let e, let id): return .setVariable(name, e.mappingIDs(f), id: f(id))
        case .increment(let name, let e, let id): return .increment(name, by: e.mappingIDs(f), id: f(id))
        }
    }
}

extension Condition {
    public var id: BlockID {
        switch self {
        case .atDestination(let id), .roadExists(_, let id), .deadEnd(let id), .trafficLight(_, let id),
             .cowCrossing(let id), .not(_, let id), .and(_, _, let id), .or(_, _, let id),
             .compare(_, _, _, let id), .constant(_, let id), .missing(let id):
            return id
        }
    }

    func mappingIDs(_ f: (BlockID) -> BlockID) -> Condition {
        switch self {
        case .atDestination(let id): return .atDestination(id: f(id))
        case .roadExists(let d, let id): return .roadExists(d, id: f(id))
        case .deadEnd(let id): return .deadEnd(id: f(id))
        case .trafficLight(let c, let id): return .trafficLight(c, id: f(id))
        case .cowCrossing(let id): return .cowCrossing(id: f(id))
        case .not(let c, let id): return .not(c.mappingIDs(f), id: f(id))
        case .and(let a, let b, let id): return .and(a.mappingIDs(f), b.mappingIDs(f), id: f(id))
        case .or(let a, let b, let id): return .or(a.mappingIDs(f), b.mappingIDs(f), id: f(id))
        case .compare(let op, let a, let b, let id): return .compare(op, a.mappingIDs(f), b.mappingIDs(f), id: f(id))
        case .constant(let v, let id): return .constant(v, id: f(id))
        case .missing(let id): return .missing(id: f(id))
        }
    }
}

extension Expression {
    public var id: BlockID {
        switch self {
        case .number(_, let id), .variable(_, let id), .arithmetic(_, _, _, let id), .coordinate(_, _, let id),
             .missing(let id):
            return id
        }
    }

    func mappingIDs(_ f: (BlockID) -> BlockID) -> Expression {
        switch self {
        case .number(let n, let id): return .number(n, id: f(id))
        case .variable(let name, let id): return .variable(name, id: f(id))
        case .arithmetic(let op, let a, let b, let id): return .arithmetic(op, a.mappingIDs(f), b.mappingIDs(f), id: f(id))
        case .coordinate(let current, let xPart, let id): return .coordinate(current: current, xPart: xPart, id: f(id))
        case .missing(let id): return .missing(id: f(id))
        }
    }
}

// The program's wire form is our JSON block format (BlockJSON.swift).
extension Program: Codable {
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            self = try BlockJSONReader.program(value)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: error.message, underlyingError: error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try BlockJSONWriter.program(self).encode(to: encoder)
    }

    /// Reads our JSON block program (the format above).
    public static func parse(json data: Data) throws(ProgramError) -> Program {
        guard data.count <= ProgramLimits.maxJSONBytes else { throw BlockProgramJSON.tooLarge }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw ProgramError(.invalidJSON, words: .say("program.blocks.notJSON"))
        }
        return try BlockJSONReader.program(value)
    }

    /// The program in our JSON block format (sorted keys, so equal programs give equal bytes).
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }
}

/// A block program as part of a larger JSON document (an API request's `program`), kept as it came
/// until it is read. Decoding it never fails on the program's content, so the request can check its
/// own shape first; `program()` then gives the reader's errors as `ProgramError`s, exactly as
/// `Program.parse(json:)` would for the same JSON on its own.
public struct BlockProgramJSON: Decodable, Sendable {
    static let tooLarge = ProgramError(.tooLarge, words: .say("program.size.json", ["limit": .number(ProgramLimits.maxJSONBytes / 1024)]))

    private let value: JSONValue

    public init(from decoder: any Decoder) throws {
        value = try JSONValue(from: decoder)
    }

    /// The program, at most `ProgramLimits.maxJSONBytes` of JSON written compactly (so spaces
    /// around it in a request do not count).
    public func program() throws(ProgramError) -> Program {
        guard let data = try? JSONEncoder().encode(value), data.count <= ProgramLimits.maxJSONBytes else { throw Self.tooLarge }
        return try BlockJSONReader.program(value)
    }
}
