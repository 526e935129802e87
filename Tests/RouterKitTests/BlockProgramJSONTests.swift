import Foundation
import Testing
import RouterKit

/// A block program inside a request: decoding keeps it as sent, and reading it gives the same
/// program, or the same error, as `Program.parse(json:)` on the program alone.
@Suite struct BlockProgramJSONTests {
    struct Request: Decodable { let program: BlockProgramJSON }

    static func read(_ program: String) throws -> Result<Program, ProgramError> {
        let request = try JSONDecoder().decode(Request.self, from: Data(#"{"program": \#(program)}"#.utf8))
        return Result { () throws(ProgramError) in try request.program.program() }
    }

    static func parsed(_ program: String) -> Result<Program, ProgramError> {
        Result { () throws(ProgramError) in try Program.parse(json: Data(program.utf8)) }
    }

    static func code(_ result: Result<Program, ProgramError>) -> ProgramError.Code? {
        if case .failure(let error) = result { error.code } else { nil }
    }

    @Test func readsLikeTheProgramOnItsOwn() throws {
        for program in [#"{"blocks": [{"type": "move_forwards", "id": "a"}, {"type": "turn_left"}], "procedures": null}"#,
                        #"{"blocks": [{"type": "controls_repeat", "times": 3, "do": [{"type": "call_proc", "name": "p"}]}], "procedures": [{"name": "p", "do": []}], "detached": 1}"#,
                        #"{"blocks": [{"type": "fly"}]}"#, #"{"blocks": null}"#, #"{"blocks": [], "extra": 1}"#, #"[1, 2]"#, #""text""#] {
            #expect(try Self.read(program) == Self.parsed(program), "\(program)")
        }
        #expect(Self.code(try Self.read(#"{"blocks": [{"type": "fly"}]}"#)) == .invalidJSON)
    }

    @Test func moreThan256KBOfProgramIsTooLargeWhateverItHolds() throws {
        let big = #"{"blocks": [], "note": ""# + String(repeating: "x", count: ProgramLimits.maxJSONBytes) + #""}"#
        let answer = try Self.read(big)
        #expect(Self.code(answer) == .tooLarge)
        #expect(answer == Self.parsed(big))
        // Spaces around the program in the request do not count towards it.
        let padded = #"{"blocks": ["# + String(repeating: " ", count: ProgramLimits.maxJSONBytes) + #"]}"#
        #expect(try Self.read(padded) == Self.parsed(#"{"blocks": []}"#))
    }
}
