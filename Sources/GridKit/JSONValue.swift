/// Any JSON value, the one such type in the package: the posts origin keeps records and written
/// bodies in it (objects keep their members in order, numbers keep their text, so a body is echoed
/// as sent), and Rapid Router's block reader walks a program in it, so it can say exactly where a
/// program is wrong.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A whole number that fits an `Int`.
    case int(Int)
    /// Any other number, kept as its (valid) JSON text so it is written back exactly as it came.
    case number(String)
    case string(String)
    /// A string that is a base the writer supplies followed by this text. The posts origin stores
    /// photo URLs as paths this way, so one dataset serves every `Host`; whoever compares or writes
    /// the value prefixes the base. Encoded without a base, it is the text alone.
    case relative(String)
    case array([JSONValue])
    case object(JSONObject)

    /// True for `.int` and `.number`.
    public var isNumber: Bool {
        switch self {
        case .int, .number: true
        default: false
        }
    }

    /// What kind of value this is, in words for a message: "a string", "a list", …
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true/false"
        case .int, .number: "a number"
        case .string, .relative: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// The value at a dotted path (`address.geo.lat`; a number steps into an array), like lodash's
    /// `_.get`; nil when any step is missing.
    public func value(at path: [Substring]) -> JSONValue? {
        var current = self
        for key in path {
            switch current {
            case .object(let object):
                guard let next = object[String(key)] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(key), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}

/// A JSON object's members in order. Setting an existing key replaces its value in place, as
/// JavaScript's object spread does, so `{...body, id}` keeps a sent `id` where the body had it.
/// Two objects are equal when they have the same members in the same order. Lookups are linear:
/// the objects this package reads (records, blocks) have a handful of keys.
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    public private(set) var keys: [String] = []
    public private(set) var values: [JSONValue] = []

    public init() {}

    /// A literal's members in the order written (a repeated key keeps its first place).
    public init(dictionaryLiteral members: (String, JSONValue)...) {
        for (key, value) in members { self[key] = value }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public subscript(key: String) -> JSONValue? {
        get { keys.firstIndex(of: key).map { values[$0] } }
        set {
            if let index = keys.firstIndex(of: key) {
                if let newValue { values[index] = newValue } else { keys.remove(at: index); values.remove(at: index) }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// This object with `other`'s members laid over it (`{...self, ...other}`).
    public func merging(_ other: JSONObject) -> JSONObject {
        var merged = self
        for (key, value) in zip(other.keys, other.values) { merged[key] = value }
        return merged
    }

    /// The members `isIncluded` keeps, in order.
    public func filter(_ isIncluded: (_ key: String, _ value: JSONValue) -> Bool) -> JSONObject {
        var kept = JSONObject()
        for (key, value) in zip(keys, values) where isIncluded(key, value) { kept[key] = value }
        return kept
    }
}

// Codable, for values inside a larger `Codable` document (an API request's `program`). A `Decoder`
// does not say in which order an object's keys came, so decoded members are sorted by key (equal
// documents decode equal); an order-keeping parser must build `JSONObject`s itself.
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        // Objects, strings and lists are the commonest values: try those first, because every
        // failed attempt costs an error value.
        if let fields = try? decoder.container(keyedBy: JSONKey.self) {
            var object = JSONObject()
            for key in fields.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                object[key.stringValue] = try fields.decode(JSONValue.self, forKey: key)
            }
            self = .object(object)
            return
        }
        if var items = try? decoder.unkeyedContainer() {
            var list: [JSONValue] = []
            while !items.isAtEnd { list.append(try items.decode(JSONValue.self)) }
            self = .array(list)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let text = try? single.decode(String.self) { self = .string(text) }
        else if let number = try? single.decode(Int.self) { self = .int(number) }  // never coerces true/false
        else if let flag = try? single.decode(Bool.self) { self = .bool(flag) }
        else { self = .number(String(describing: try single.decode(Double.self))) }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let object):
            var fields = encoder.container(keyedBy: JSONKey.self)
            for (key, value) in zip(object.keys, object.values) { try fields.encode(value, forKey: JSONKey(key)) }
        case .array(let list):
            var items = encoder.unkeyedContainer()
            for value in list { try items.encode(value) }
        default:
            var single = encoder.singleValueContainer()
            switch self {
            case .null: try single.encodeNil()
            case .bool(let flag): try single.encode(flag)
            case .int(let number): try single.encode(number)
            case .number(let text):
                guard let number = Double(text), number.isFinite else {
                    throw EncodingError.invalidValue(text, .init(codingPath: encoder.codingPath,
                                                                 debugDescription: "\(text) is not a finite number"))
                }
                try single.encode(number)
            case .string(let text), .relative(let text): try single.encode(text)
            case .array, .object: break  // handled above
            }
        }
    }
}

/// Any string as a coding key.
private struct JSONKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
