import GridKit
import NIOCore
import PostsKit

/// JSON text exactly as json-server writes it (`JSON.stringify(value, null, 2)`: two-space indent,
/// `"key": value`, `[]`/`{}` when empty, no escaped slashes), with the places where the request's
/// base URL goes kept apart, so a record is rendered once and reused for every `Host`.
struct OriginRendering: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Offsets in `bytes` where the base URL is inserted (one per `.relative` string).
    private(set) var basePoints: [Int] = []

    /// `value` rendered as if it stood `depth` levels deep (its first line is not indented).
    init(_ value: JSONValue, depth: Int = 0) {
        write(value, depth: depth)
    }

    /// How many bytes the text takes with a base of `baseLength` bytes.
    func count(baseLength: Int) -> Int { bytes.count + basePoints.count * baseLength }

    func write(into buffer: inout ByteBuffer, base: [UInt8]) {
        var from = 0
        for point in basePoints {
            buffer.writeBytes(bytes[from..<point])
            buffer.writeBytes(base)
            from = point
        }
        buffer.writeBytes(bytes[from...])
    }

    func buffer(base: [UInt8]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(count(baseLength: base.count))
        write(into: &buffer, base: base)
        return buffer
    }

    /// `[` + the records + `]`, each as rendered at depth 1: the shape of every list answer.
    static func list(_ records: [OriginRendering], indices: [Int], base: [UInt8]) -> ByteBuffer {
        guard !indices.isEmpty else { return ByteBuffer(string: "[]") }
        var buffer = ByteBuffer()
        buffer.reserveCapacity(indices.reduce(4) { $0 + records[$1].count(baseLength: base.count) + 4 })
        buffer.writeStaticString("[\n  ")
        for (position, index) in indices.enumerated() {
            if position > 0 { buffer.writeStaticString(",\n  ") }
            records[index].write(into: &buffer, base: base)
        }
        buffer.writeStaticString("\n]")
        return buffer
    }

    private mutating func newline(_ depth: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    private mutating func write(_ value: JSONValue, depth: Int) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): bytes.append(contentsOf: String(number).utf8)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .string(let text): writeString(text)
        case .relative(let path):
            bytes.append(0x22)
            basePoints.append(bytes.count)
            writeEscaped(path)
            bytes.append(0x22)
        case .array(let items):
            guard !items.isEmpty else { bytes.append(contentsOf: "[]".utf8); return }
            bytes.append(0x5B)
            for (position, item) in items.enumerated() {
                if position > 0 { bytes.append(0x2C) }
                newline(depth + 1)
                write(item, depth: depth + 1)
            }
            newline(depth)
            bytes.append(0x5D)
        case .object(let object):
            guard object.count > 0 else { bytes.append(contentsOf: "{}".utf8); return }
            bytes.append(0x7B)
            for (position, (key, member)) in zip(object.keys, object.values).enumerated() {
                if position > 0 { bytes.append(0x2C) }
                newline(depth + 1)
                writeString(key)
                bytes.append(contentsOf: ": ".utf8)
                write(member, depth: depth + 1)
            }
            newline(depth)
            bytes.append(0x7D)
        }
    }

    private mutating func writeString(_ text: String) {
        bytes.append(0x22)
        writeEscaped(text)
        bytes.append(0x22)
    }

    /// JSON.stringify's escapes: quote, backslash, the short forms, other controls as \u00xx.
    private mutating func writeEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case 0x22: bytes.append(contentsOf: #"\""#.utf8)
            case 0x5C: bytes.append(contentsOf: #"\\"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
            case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
    }
}

/// Reads a request body into an order-keeping `JSONValue` (Foundation's parser loses key order,
/// and the fake writes echo the body in the order it was sent). Bounded: at most `maxMembers`
/// keys per object and `maxDepth` levels of nesting; duplicate keys keep the last value in the
/// first place, as `JSON.parse` does.
struct OriginJSONParser {
    static let maxMembers = 100
    static let maxDepth = 16

    enum Failure: Error, Equatable {
        case invalid(at: Int)
        case tooComplex
    }

    private let bytes: [UInt8]
    private var index = 0

    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = OriginJSONParser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw .invalid(at: parser.index) }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: String) throws(Failure) {
        for byte in literal.utf8 {
            guard current == byte else { throw .invalid(at: index) }
            index += 1
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maxDepth else { throw .tooComplex }
        switch current {
        case 0x7B: return try object(depth: depth)
        case 0x5B: return try array(depth: depth)
        case 0x22: return .string(try string())
        case 0x74: try expect("true"); return .bool(true)
        case 0x66: try expect("false"); return .bool(false)
        case 0x6E: try expect("null"); return .null
        default: return try number()
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var object = JSONObject()
        skipSpace()
        if current == 0x7D { index += 1; return .object(object) }
        while true {
            skipSpace()
            guard current == 0x22 else { throw .invalid(at: index) }
            let key = try string()
            skipSpace()
            try expect(":")
            skipSpace()
            object[key] = try value(depth: depth + 1)
            guard object.count <= Self.maxMembers else { throw .tooComplex }
            skipSpace()
            if current == 0x2C { index += 1; continue }
            try expect("}")
            return .object(object)
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if current == 0x5D { index += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value(depth: depth + 1))
            skipSpace()
            if current == 0x2C { index += 1; continue }
            try expect("]")
            return .array(items)
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var scalars: [UInt8] = []
        while let byte = current {
            index += 1
            switch byte {
            case 0x22:
                // Invalid UTF-8 becomes U+FFFD, as a Node buffer decodes it.
                return String(decoding: scalars, as: UTF8.self)
            case 0x5C:
                guard let escape = current else { throw .invalid(at: index) }
                index += 1
                switch escape {
                case 0x22, 0x5C, 0x2F: scalars.append(escape)
                case 0x62: scalars.append(0x08)
                case 0x66: scalars.append(0x0C)
                case 0x6E: scalars.append(0x0A)
                case 0x72: scalars.append(0x0D)
                case 0x74: scalars.append(0x09)
                case 0x75: scalars.append(contentsOf: String(try unicodeEscape()).utf8)
                default: throw .invalid(at: index - 1)
                }
            case 0x00..<0x20:
                throw .invalid(at: index - 1)
            default:
                scalars.append(byte)
            }
        }
        throw .invalid(at: index)
    }

    /// `\uXXXX`, joining a surrogate pair; a lone surrogate becomes U+FFFD.
    private mutating func unicodeEscape() throws(Failure) -> Character {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high), current == 0x5C, index + 1 < bytes.count, bytes[index + 1] == 0x75 {
            let saved = index
            index += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) {
                let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")
            }
            index = saved
        }
        return Character(Unicode.Scalar(high) ?? "\u{FFFD}")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw .invalid(at: index) }
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw .invalid(at: index)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// JSON's number grammar. Whole numbers that fit are `.int`; others keep their text, unless
    /// they are whole anyway (`1e2`, `2.0`), which JavaScript would print as integers.
    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        if current == 0x2D { index += 1 }
        func digits(_ parser: inout OriginJSONParser) -> Int {
            let from = parser.index
            while let byte = parser.current, (0x30...0x39).contains(byte) { parser.index += 1 }
            return parser.index - from
        }
        let integerDigits = digits(&self)
        guard integerDigits > 0, !(integerDigits > 1 && bytes[index - integerDigits] == 0x30) else { throw .invalid(at: start) }
        var whole = true
        if current == 0x2E {
            index += 1
            guard digits(&self) > 0 else { throw .invalid(at: index) }
            whole = false
        }
        if current == 0x65 || current == 0x45 {
            index += 1
            if current == 0x2B || current == 0x2D { index += 1 }
            guard digits(&self) > 0 else { throw .invalid(at: index) }
            whole = false
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if whole, let integer = Int(text) { return .int(integer) }
        guard let double = Double(text), double.isFinite else { return .null }  // JSON.stringify(Infinity) is null
        if double == double.rounded(), abs(double) < 9_007_199_254_740_992 { return .int(Int(double)) }
        return .number(text)
    }
}
