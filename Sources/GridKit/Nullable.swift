/// Encodes `nil` as an explicit `null`, unlike synthesized `Encodable`, which leaves the key out.
/// Tessera's JSON keeps every documented key: the server's answers and the CLI's `--json` output
/// both use this one wrapper instead of hand-written `encode(to:)` methods.
@propertyWrapper
public struct Nullable<Value: Encodable & Sendable>: Encodable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
