extension String {
    /// The text without surrounding white space: a name of spaces only counts as empty.
    /// White space is what the API's contract calls white space (`\s` in the OpenAPI pattern):
    /// Unicode spaces plus the C0 separators, judged per Unicode scalar, not per Character, so a
    /// combining mark can never hide a space from the check.
    public var trimmedWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isContractWhitespace }),
              let last = scalars.lastIndex(where: { !$0.isContractWhitespace }) else { return "" }
        return String(scalars[first...last])
    }

    /// Length as the API counts it (JSON Schema's `maxLength`): Unicode scalars. A letter followed
    /// by 300,000 combining marks is one Character but 300,001 scalars, and is refused.
    public var scalarCount: Int { unicodeScalars.count }
}

extension Unicode.Scalar {
    /// Python's `str.isspace` (what `\s` means to the API fuzzer and most regex engines, a superset
    /// of Unicode's White_Space), so "blank" means the same on both sides of the contract.
    public var isContractWhitespace: Bool {
        switch value {
        case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            true
        default:
            false
        }
    }
}
