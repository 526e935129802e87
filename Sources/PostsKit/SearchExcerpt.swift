import Foundation

/// The part of a post's body a search found, so the list can show why a post matched when the
/// title does not say: a few words before the first match, the match, and some after, cut at
/// spaces, with "…" where the body goes on. Bounded whatever the body's length.
public enum SearchExcerpt {
    /// Characters kept before and after the match (the cut then moves back to a space).
    public static let before = 40
    public static let after = 90
    public static let maxScalars = 400

    /// `nil` when `query` is empty or not in `body` (any case).
    public static func around(_ query: String, in body: String) -> String? {
        guard !query.isEmpty, let found = body.range(of: query, options: [.caseInsensitive]) else { return nil }
        var start = body.index(found.lowerBound, offsetBy: -before, limitedBy: body.startIndex) ?? body.startIndex
        var end = body.index(found.upperBound, offsetBy: after, limitedBy: body.endIndex) ?? body.endIndex
        // Move the cuts out of the middle of a word (never into the match).
        if start > body.startIndex, let space = body[start..<found.lowerBound].firstIndex(where: \.isWhitespace) {
            start = body.index(after: space)
        }
        if end < body.endIndex, let space = body[found.upperBound..<end].lastIndex(where: \.isWhitespace) {
            end = space
        }
        let piece = String(body[start..<end]).replacingOccurrences(of: "\n", with: " ")
        let excerpt = (start > body.startIndex ? "…" : "") + piece + (end < body.endIndex ? "…" : "")
        // Characters made of many scalars could still make it long: the contract says 400 scalars.
        guard excerpt.unicodeScalars.count > maxScalars else { return excerpt }
        return String(String.UnicodeScalarView(excerpt.unicodeScalars.prefix(maxScalars - 1))) + "…"
    }
}
