extension String {
    /// This text as one sentence for a person: a capital first letter and a final full stop
    /// (kept when it already ends with `.`, `?` or `!`). The one way every error message is
    /// finished, whether the server answers it as JSON or the CLI prints it.
    public var asSentence: String {
        let trimmed = self.trimmingSuffix(while: { $0 == " " || $0 == "\n" })
        guard let first = trimmed.first else { return trimmed }
        let sentence = first.uppercased() + trimmed.dropFirst()
        return sentence.hasSuffix(".") || sentence.hasSuffix("?") || sentence.hasSuffix("!") ? sentence : sentence + "."
    }

    private func trimmingSuffix(while isTrimmed: (Character) -> Bool) -> String {
        var end = endIndex
        while end > startIndex, isTrimmed(self[index(before: end)]) { end = index(before: end) }
        return String(self[..<end])
    }
}
