import Foundation

/// Checks for values where they enter the server, so kit arithmetic only ever sees numbers in
/// range and a bad value gets a 400 naming the field, never a trap.
enum Input {
    /// `value` if it lies in `range`, else a 400 with `code`.
    static func int(_ value: Int, _ name: String, in range: ClosedRange<Int>, code: String) throws -> Int {
        guard range.contains(value) else {
            throw APIError.badRequest("shared.errors.wholeNumber", ["name": .text(name), "lowest": .number(range.lowerBound),
                                                                  "highest": .number(range.upperBound), "value": .text(String(value))], code: code)
        }
        return value
    }

    /// A string parameter of at most `maxBytes` UTF-8 bytes (ids, letters, locks), else 404/400 as `error`.
    static func boundedText(_ text: String, maxBytes: Int, orElse error: @autoclosure () -> APIError) throws -> String {
        guard text.utf8.count <= maxBytes else { throw error() }
        return text
    }
}

extension KeyedDecodingContainer {
    /// Like `decodeIfPresent`, but a key that is present with `null` is an error: the contract
    /// says "optional", not "nullable", so `{"flips": null}` is refused rather than read as absent.
    func decodeUnlessNull<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath + [key],
                                                            debugDescription: "null is not allowed here"))
        }
        return try decode(T.self, forKey: key)
    }
}
