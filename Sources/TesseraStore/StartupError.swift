import Foundation

/// A problem that stops `tessera serve` (or a CLI command opening the storage) from starting,
/// with what to do about it.
public struct StartupError: Error, CustomStringConvertible, LocalizedError {
    public let description: String
    public init(_ description: String) { self.description = description }
    public var errorDescription: String? { description }
}
