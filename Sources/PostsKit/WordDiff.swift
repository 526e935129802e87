/// Which words changed between two versions of a text, for the "what changed" panel: the old
/// text's words that went (`removed`), the new one's that came (`added`) and the rest (`same`),
/// in reading order. Words are runs of non-spaces; spacing is not compared.
///
/// Bounded on any input: the common start and end are matched in one pass; only the middle is
/// compared word by word (a longest common subsequence) when its table stays under
/// `maxTableCells`, and otherwise shows as removed then added. Long unchanged runs keep
/// `context` words at each side and count the rest in a `skipped` segment, and a changed run keeps
/// at most `maxSegmentWords`, so a whole diff holds a bounded number of words.
public enum WordDiff {
    public static let maxTableCells = 40_000
    public static let context = 8
    public static let maxSegmentWords = 80

    public struct Segment: Codable, Hashable, Sendable {
        public enum Kind: String, Codable, Sendable { case same, added, removed, skipped }
        public var kind: Kind
        /// The words, joined by single spaces ("" for `skipped`).
        public var text: String
        /// Words left out of this segment: all of a `skipped` one, the end of a long changed run.
        public var omitted: Int

        public init(_ kind: Kind, _ text: String, omitted: Int = 0) {
            self.kind = kind
            self.text = text
            self.omitted = omitted
        }
    }

    public static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: \.isWhitespace)
    }

    public static func segments(from old: String, to new: String) -> [Segment] {
        let a = words(old), b = words(new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        var runs: [(Segment.Kind, [Substring])] = [(.same, Array(a[..<prefix]))]
        runs += middle(Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
        runs.append((.same, Array(a[(a.count - suffix)...])))
        return shape(runs)
    }

    /// The middle parts compared word by word, or wholly replaced when too large to compare.
    private static func middle(_ a: [Substring], _ b: [Substring]) -> [(Segment.Kind, [Substring])] {
        guard !a.isEmpty, !b.isEmpty, a.count.multipliedReportingOverflow(by: b.count).partialValue <= maxTableCells,
              a.count <= maxTableCells, b.count <= maxTableCells else {
            return [(.removed, a), (.added, b)]
        }
        // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
        let width = b.count + 1
        var lengths = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i * width + j] = a[i] == b[j] ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var runs: [(Segment.Kind, [Substring])] = []
        func add(_ kind: Segment.Kind, _ word: Substring) {
            if let last = runs.last, last.0 == kind { runs[runs.count - 1].1.append(word) } else { runs.append((kind, [word])) }
        }
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                add(.same, a[i]); i += 1; j += 1
            } else if i < a.count, j == b.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                add(.removed, a[i]); i += 1  // on a tie the old words go first, as a reader expects
            } else {
                add(.added, b[j]); j += 1
            }
        }
        return runs
    }

    /// Joins runs of one kind, drops empty ones, and bounds what each keeps.
    private static func shape(_ runs: [(Segment.Kind, [Substring])]) -> [Segment] {
        var joined: [(Segment.Kind, [Substring])] = []
        for run in runs where !run.1.isEmpty {
            if let last = joined.last, last.0 == run.0 { joined[joined.count - 1].1 += run.1 } else { joined.append(run) }
        }
        var segments: [Segment] = []
        for (index, (kind, words)) in joined.enumerated() {
            func text(_ part: ArraySlice<Substring>) -> String { part.joined(separator: " ") }
            switch kind {
            case .same:
                let keepBefore = index == 0 ? 0 : context  // words after the previous change
                let keepAfter = index == joined.count - 1 ? 0 : context  // words before the next change
                if words.count <= keepBefore + keepAfter + 1 || joined.count == 1 && words.count <= 2 * context {
                    segments.append(Segment(.same, text(words[...])))
                    continue
                }
                if keepBefore > 0 { segments.append(Segment(.same, text(words.prefix(keepBefore)))) }
                segments.append(Segment(.skipped, "", omitted: words.count - keepBefore - keepAfter))
                if keepAfter > 0 { segments.append(Segment(.same, text(words.suffix(keepAfter)))) }
            default:
                segments.append(Segment(kind, text(words.prefix(maxSegmentWords)),
                                        omitted: max(0, words.count - maxSegmentWords)))
            }
        }
        return segments
    }

    /// Whether the two texts differ in their words.
    public static func changed(_ old: String, _ new: String) -> Bool { words(old) != words(new) }
}
