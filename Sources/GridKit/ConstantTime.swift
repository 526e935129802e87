extension String {
    /// Compares two secrets (tokens, their hashes) without stopping at the first difference, so
    /// the time taken does not reveal how much of a guess was right. Empty never matches.
    public func constantTimeEquals(_ other: String) -> Bool {
        let left = Array(utf8), right = Array(other.utf8)
        guard left.count == right.count, !left.isEmpty else { return false }
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
