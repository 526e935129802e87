import Foundation
import GridKit
import Hummingbird
import RouterKit
import RouterPython

/// `POST /api/router/levels/{id}/runs` (and `POST /api/router/programs/python`, which reads the
/// same body): `{"program": {"blocks": …} | {"python": "…"} | {"blocklyXml": "…"},
/// "player"?: "<anonymous id>", "seconds"?: time spent}`. Other keys are ignored, as the contract's
/// `RouterRunRequest` allows. The checks run in this order: the body's shape (400), the program
/// (400 for a wrong shape, 422 for a program that cannot be read), `player`, `seconds`.
struct RunRequest: Decodable {
    let program: RunnableProgram
    /// The `program` object as sent, kept for a signed-in player's saved programs.
    let programSource: JSONValue
    let player: String?
    let seconds: Double

    static func decode(from request: Request) async throws -> RunRequest {
        try await JSONBody.decode(RunRequest.self, from: request)
    }

    init(from decoder: any Decoder) throws {
        let body = try AnyKey.object(decoder)
        program = try body.program()
        programSource = (try? body.decode(JSONValue.self, forKey: "program")) ?? .null
        if body.contains("player") {
            guard let text = try? body.decode(String.self, forKey: "player") else {
                throw APIError.badRequest("router.errors.playerString", code: "bad_json")
            }
            player = try Self.player(text)
        } else {
            player = nil
        }
        if body.contains("seconds") {
            // `Double` never decodes from `true`/`false`, so a boolean is refused rather than read as 0 or 1.
            guard let number = try? body.decode(Double.self, forKey: "seconds"), (0...86_400).contains(number) else {
                throw APIError.badRequest("router.errors.seconds", code: "bad_json")
            }
            seconds = number
        } else {
            seconds = 0
        }
    }

    /// A player id: 8–64 letters, digits, `-` or `_` (the page makes a random one).
    static func player(_ text: String) throws -> String {
        guard (8...64).contains(text.utf8.count),
              text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x5F })
        else { throw APIError.badRequest("router.errors.playerID", code: "invalid_player") }
        return text
    }
}

/// A request's `program` in one of its three forms, with nothing beside the form's own keys (the
/// contract's `additionalProperties: false` on `RouterProgram`), read by the kit's front ends while
/// decoding: a wrong shape is a 400, a program that cannot be read the kit's 422.
struct ProgramBody: Decodable {
    enum Form: String {
        case blocks, python, blocklyXml

        /// The keys a program of this form may have.
        var keys: Set<String> { self == .blocks ? ["blocks", "procedures", "detached"] : [rawValue] }
    }

    let form: Form
    /// Blocks and Blockly XML read into the block tree; Python read for the Python runtime.
    let program: RunnableProgram

    init(from decoder: any Decoder) throws {
        guard let fields = try? decoder.container(keyedBy: AnyKey.self) else { throw Self.notAnObject }
        let keys = fields.allKeys.map(\.stringValue)
        // A key that names a text form decides the form, so `{"python": …, "blocks": …}` is told
        // that Python programs take no `blocks` rather than that block programs take no `python`.
        let form: Form = keys.contains("python") ? .python : keys.contains("blocklyXml") ? .blocklyXml : .blocks
        self.form = form
        if let unknown = keys.sorted().first(where: { !form.keys.contains($0) }) {
            throw form == .blocks
                ? APIError.badRequest("router.errors.programKey", ["key": .sent(unknown)], code: "bad_json")
                : APIError.badRequest("router.errors.programKeyOfForm", ["key": .sent(unknown), "form": .text(form.rawValue)], code: "bad_json")
        }
        switch form {
        case .python, .blocklyXml:
            guard let text = try? fields.decode(String.self, forKey: AnyKey(form.rawValue)) else {
                throw APIError.badRequest("router.errors.programString", ["form": .text(form.rawValue)], code: "bad_json")
            }
            program = try mappingProgramErrors {
                form == .python ? .python(try PythonProgram.parse(text)) : .blocks(try Program.parse(blocklyXML: text))
            }
        case .blocks:
            guard keys.contains("blocks") else {
                throw APIError.badRequest("router.errors.programNeeds", code: "bad_json")
            }
            let json = try BlockProgramJSON(from: decoder)
            program = try mappingProgramErrors { .blocks(try json.program()) }
        }
    }

    static let notAnObject = APIError.badRequest("router.errors.programNotObject", code: "bad_json")
}

/// Any key, so a request can list the keys it was sent and refuse those it does not know.
struct AnyKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringLiteral name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    /// The body's keys, or the 400 every Rapid Router run has always answered to a body that is
    /// not a JSON object.
    static func object(_ decoder: any Decoder) throws -> KeyedDecodingContainer<AnyKey> {
        guard let body = try? decoder.container(keyedBy: AnyKey.self) else {
            throw APIError.badRequest("router.errors.bodyNeedsProgram", code: "bad_json")
        }
        return body
    }
}

extension KeyedDecodingContainer<AnyKey> {
    /// The body's `program` (see `ProgramBody`); missing, null or not an object is a 400.
    func program() throws -> RunnableProgram {
        guard contains("program"), (try? nestedContainer(keyedBy: AnyKey.self, forKey: "program")) != nil else {
            throw ProgramBody.notAnObject
        }
        return try decode(ProgramBody.self, forKey: "program").program
    }
}
