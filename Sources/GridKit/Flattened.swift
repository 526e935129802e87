/// One JSON object with `base`'s keys and `extra`'s side by side: how an answer adds what it
/// computes (a result's stars, whether a map checked out) to a type that already encodes itself,
/// without restating that type's fields or writing an `encode(to:)` for it. Both must encode as
/// objects, with different keys; `extra` is often a dictionary (`["valid": true]`) or a small struct.
public struct Flattened<Base: Encodable, Extra: Encodable>: Encodable {
    public let base: Base
    public let extra: Extra

    public init(_ base: Base, _ extra: Extra) {
        self.base = base
        self.extra = extra
    }

    public func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        try extra.encode(to: encoder)
    }
}

extension Flattened: Sendable where Base: Sendable, Extra: Sendable {}
