extension String {
    /// The text without surrounding white space: a name of spaces only counts as empty.
    public var trimmedWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
