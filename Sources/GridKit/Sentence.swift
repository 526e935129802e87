extension String {
    /// "lorem ipsum" → "Lorem ipsum": the first letter upper-cased, everything after it alone.
    public var capitalizingFirstLetter: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }

    /// This text as one sentence for a person: a capital first letter and a final full stop
    /// (kept when it already ends with `.`, `?` or `!`). The one way every error message is
    /// finished, whether the server answers it as JSON or the CLI prints it.
    public var asSentence: String {
        let trimmed = self.trimmingSuffix(while: { $0 == " " || $0 == "\n" })
        guard !trimmed.isEmpty else { return trimmed }
        let sentence = trimmed.capitalizingFirstLetter
        return sentence.hasSuffix(".") || sentence.hasSuffix("?") || sentence.hasSuffix("!") ? sentence : sentence + "."
    }

    private func trimmingSuffix(while isTrimmed: (Character) -> Bool) -> String {
        var end = endIndex
        while end > startIndex, isTrimmed(self[index(before: end)]) { end = index(before: end) }
        return String(self[..<end])
    }
}
