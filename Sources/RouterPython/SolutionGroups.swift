import RouterKit

/// A class's working programs for one level, grouped by shape for the end of a lesson ("look how
/// differently we solved it"). Two programs have the same shape when their blocks say the same
/// thing: the same blocks in the same nesting with the same numbers, whatever their ids, where
/// they were dropped, or whether they were written as blocks or as Python that blocks can say.
/// The Python view is exactly that canonical text, so it is the key.
public struct SolutionGroup<Member: Sendable>: Sendable {
    /// "A", "B", … in the order shown (then "AA", "AB", …).
    public var label: String
    public var shape: String
    public var blockCount: Int?
    /// In the order they were given; the first one stands for the group.
    public var members: [Member]
}

public enum SolutionGroups {
    /// A program's shape: its blocks' Python view; Python that blocks cannot say is its own text
    /// with blank lines and trailing spaces dropped.
    public static func shape(of program: RunnableProgram) -> String {
        switch program {
        case .blocks(let blocks): return blocks.pythonView
        case .python(let python):
            if let blocks = try? python.blockProgram() { return blocks.pythonView }
            return python.source.split(separator: "\n", omittingEmptySubsequences: true)
                .map { String($0.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
                .filter { !$0.isEmpty }.joined(separator: "\n")
        }
    }

    /// Groups `items`: fewest blocks first (Python that blocks cannot say last), then the bigger
    /// group, then the shape's text, so the order is the same on every request.
    public static func group<Member: Sendable>(_ items: [(member: Member, program: RunnableProgram)]) -> [SolutionGroup<Member>] {
        var groups: [String: SolutionGroup<Member>] = [:]
        for item in items {
            let key = shape(of: item.program)
            groups[key, default: SolutionGroup(label: "", shape: key, blockCount: item.program.blockCount, members: [])]
                .members.append(item.member)
        }
        let ordered = groups.values.sorted { left, right in
            let (a, b) = (left.blockCount ?? Int.max, right.blockCount ?? Int.max)
            if a != b { return a < b }
            if left.members.count != right.members.count { return left.members.count > right.members.count }
            return left.shape < right.shape
        }
        return ordered.enumerated().map { index, group in
            var labelled = group
            labelled.label = label(index)
            return labelled
        }
    }

    /// 0 → "A", 25 → "Z", 26 → "AA", as spreadsheets count.
    public static func label(_ index: Int) -> String {
        var letters = "", number = index + 1
        while number > 0 {
            let digit = (number - 1) % 26
            letters = String(UnicodeScalar(UInt8(65 + digit))) + letters
            number = (number - 1) / 26
        }
        return letters
    }
}
