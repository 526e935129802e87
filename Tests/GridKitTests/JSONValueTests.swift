import Foundation
import GridKit
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    private func decode(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    private func encode(_ value: JSONValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func decodesEveryKind() throws {
        let value = try decode(#"{"a": null, "b": true, "c": 3, "d": 2.5, "e": "x", "f": [1, "y"], "g": {"h": false}}"#)
        let expected: JSONObject = ["a": .null, "b": .bool(true), "c": .int(3), "d": .number("2.5"), "e": .string("x"),
                                    "f": .array([.int(1), .string("y")]), "g": .object(["h": .bool(false)])]
        #expect(value == .object(expected))
    }

    /// A program's `true` must never be read as 1, nor 1 as `true`.
    @Test func booleansAndNumbersStayApart() throws {
        #expect(try decode("true") == .bool(true))
        #expect(try decode("1") == .int(1))
        #expect(try decode("false").isNumber == false)
        #expect(try decode("0.5").isNumber)
    }

    @Test func roundTripsThroughCodable() throws {
        let text = #"{"list":[1,2.5,"three",null,false],"nested":{"deep":{"id":"b1"}}}"#
        #expect(try encode(try decode(text)) == text)
    }

    /// A decoder does not say in which order keys came, so decoded objects are sorted: two equal
    /// documents decode equal.
    @Test func decodedObjectsAreInKeyOrder() throws {
        guard case .object(let object) = try decode(#"{"b": 1, "a": 2, "c": 3}"#) else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["a", "b", "c"])
        #expect(try decode(#"{"b": 1, "a": 2}"#) == decode(#"{"a": 2, "b": 1}"#))
    }

    @Test func objectsKeepTheirOrderAndReplaceInPlace() {
        var object: JSONObject = ["title": .string("t"), "id": .int(1), "body": .string("b")]
        object["id"] = .int(2)
        object["userId"] = .int(7)
        #expect(object.keys == ["title", "id", "body", "userId"])
        #expect(object["id"] == .int(2))
        object["title"] = nil
        #expect(object.keys == ["id", "body", "userId"])
        #expect(object.count == 3)
        let merged = object.merging(["body": .string("new"), "extra": .null])
        #expect(merged.keys == ["id", "body", "userId", "extra"])
        #expect(merged["body"] == .string("new"))
        #expect(merged.filter { $1 != .null }.keys == ["id", "body", "userId"])
    }

    @Test func valueAtADottedPath() {
        let user: JSONValue = .object(["address": .object(["geo": .object(["lat": .string("-37.3")])]),
                                       "tags": .array([.string("a"), .string("b")])])
        #expect(user.value(at: ["address", "geo", "lat"]) == .string("-37.3"))
        #expect(user.value(at: ["tags", "1"]) == .string("b"))
        #expect(user.value(at: ["tags", "9"]) == nil)
        #expect(user.value(at: ["address", "nowhere"]) == nil)
    }

    @Test func kindsInWords() {
        #expect(JSONValue.array([]).kind == "a list")
        #expect(JSONValue.object([:]).kind == "an object")
        #expect(JSONValue.number("1.5").kind == "a number")
        #expect(JSONValue.relative("/p").kind == "a string")
        #expect(JSONValue.null.kind == "null")
    }

    /// Encoded without a base, a relative string is its text; a number is written as a number.
    @Test func relativeAndNumberEncode() throws {
        #expect(try encode(.array([.relative("/photo/1"), .number("0.25")])) == #"["\/photo\/1",0.25]"#)
    }
}
