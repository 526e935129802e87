import GridKit

// The origin keeps records and written bodies as GridKit's `JSONValue` (objects in order, numbers
// as their text, photo URLs `.relative` to the request's base). What json-server makes of them:
extension JSONValue {
    /// JavaScript's `String(value)`, which json-server compares query values against: numbers and
    /// booleans as written, arrays joined by commas, objects as `[object Object]`, null as "null".
    public func javaScriptText(base: String) -> String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .number(let text): return text
        case .string(let text): return text
        case .relative(let path): return base + path
        case .array(let items):
            return items.map { $0 == .null ? "" : $0.javaScriptText(base: base) }.joined(separator: ",")
        case .object: return "[object Object]"
        }
    }

    /// The number JavaScript's relational operators would compare (`Number(value)`), for numbers
    /// and booleans; nil for everything that is compared as text.
    var numeric: Double? {
        switch self {
        case .bool(let flag): return flag ? 1 : 0
        case .int(let number): return Double(number)
        case .number(let text): return Double(text)
        default: return nil
        }
    }
}

/// json-server 0.17's list semantics (the server jsonplaceholder runs), as a pure function from
/// query items and records to the records to answer. Query items keep their order and repeats.
///
/// - `field=value` (deep keys `a.b`): the record's `String(value)` equals the text; repeated keys
///   are OR'd, different keys AND'ed. A key no record has is ignored (`?foo=1` lists everything).
/// - `field_gte`, `field_lte` (numbers compare as numbers, text as text), `field_ne` (every given
///   value differs), `field_like`: case-insensitive **substring**, not json-server's regular
///   expression, so no query can make the server backtrack for seconds (regex denial of service).
///   Operator keys on a field no record has match nothing, as in json-server.
/// - `q`: case-insensitive substring over every string, number and `true` anywhere in a record.
/// - `_sort=a,b` and `_order=asc,desc`; `_page` (with `_limit`, 10 by default), else `_start`
///   with `_end` or `_limit`. `_start` alone does not slice. Numbers that are not plain
///   non-negative integers up to 1,000,000 are ignored, as json-server ignores junk.
/// - `callback` (JSONP), `_`, `_embed` and `_expand` are never filters.
public struct OriginQuery: Sendable, Equatable {
    public enum Operator: Sendable, Equatable { case equal, greaterOrEqual, lessOrEqual, notEqual, like }

    public struct Filter: Sendable, Equatable {
        public var key: String
        public var path: [Substring]
        public var operation: Operator
        public var values: [String]
    }

    public struct SortKey: Sendable, Equatable {
        public var path: [Substring]
        public var descending: Bool
    }

    public var filters: [Filter] = []
    /// `q`, lower-cased; nil when absent or empty.
    public var search: String?
    public var sort: [SortKey] = []
    public var start: Int?
    public var end: Int?
    public var limit: Int?
    public var page: Int?

    /// The largest `_start`, `_end`, `_limit` or `_page` taken; larger numbers count as junk.
    public static let maxNumber = 1_000_000
    static let notFilters: Set<String> = ["q", "_start", "_end", "_limit", "_page", "_sort", "_order",
                                          "_embed", "_expand", "callback", "_"]

    public init(items: [(key: String, value: String)]) {
        func first(_ key: String) -> String? { items.first { $0.key == key }?.value }
        search = first("q").map { $0.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        start = first("_start").flatMap(Self.number)
        end = first("_end").flatMap(Self.number)
        limit = first("_limit").flatMap(Self.number)
        page = first("_page").flatMap(Self.number)
        if let fields = first("_sort"), !fields.isEmpty {
            let orders = (first("_order") ?? "").split(separator: ",", omittingEmptySubsequences: false)
            sort = fields.split(separator: ",", omittingEmptySubsequences: false).enumerated().map { index, field in
                SortKey(path: field.split(separator: ".", omittingEmptySubsequences: false),
                        descending: index < orders.count && orders[index].lowercased() == "desc")
            }
        }
        for (key, value) in items where !Self.notFilters.contains(key) {
            if let index = filters.firstIndex(where: { $0.key == key }) {
                filters[index].values.append(value)
                continue
            }
            var operation = Operator.equal
            var field = Substring(key)
            for (suffix, op) in [("_gte", Operator.greaterOrEqual), ("_lte", .lessOrEqual), ("_ne", .notEqual), ("_like", .like)]
            where key.hasSuffix(suffix) {
                operation = op
                field = key.dropLast(suffix.count)
                break
            }
            filters.append(Filter(key: key, path: field.split(separator: ".", omittingEmptySubsequences: false),
                                  operation: operation, values: [value]))
        }
    }

    /// A plain decimal number in 0…`maxNumber`, else nil (junk is ignored, never an error).
    static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 7, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let value = Int(text), value <= maxNumber else { return nil }
        return value
    }

    /// What to answer: `indices` into the records, in answer order; `totalCount` for
    /// `X-Total-Count` (the filtered count, when `_end`, `_limit` or `_page` was given); `pages`
    /// for the `Link` header (when `_page` was given and the page has records).
    public struct Result: Sendable, Equatable {
        public var indices: [Int]
        public var totalCount: Int?
        public var pages: PageLinks?
    }

    /// Page numbers for `Link: <…>; rel="first", …`, each nil when json-server leaves it out.
    public struct PageLinks: Sendable, Equatable {
        public var first: Int?
        public var prev: Int?
        public var next: Int?
        public var last: Int?
        public var isEmpty: Bool { first == nil && prev == nil && next == nil && last == nil }
    }

    /// Runs the query over `records`; `base` is the request's base URL that `.relative` values carry.
    public func run(on records: [JSONValue], base: String = "") -> Result {
        // A plain filter on a key that no record has is dropped (json-server deletes it).
        let active = filters.filter { filter in
            filter.operation != .equal || records.contains { $0.value(at: filter.path) != nil }
        }
        let likes = active.map { $0.operation == .like ? $0.values.map { $0.lowercased() } : [] }
        var indices = records.indices.filter { index in
            let record = records[index]
            if let search, !Self.contains(record, search, base: base) { return false }
            return zip(active, likes).allSatisfy { filter, lowered in
                Self.matches(record.value(at: filter.path), filter, lowered: lowered, base: base)
            }
        }
        if !sort.isEmpty {
            // Stable like lodash's orderBy: ties keep the records' own order.
            let keys = indices.map { index in sort.map { records[index].value(at: $0.path) } }
            let order = keys.indices.sorted { left, right in
                for (position, sortKey) in sort.enumerated() {
                    let comparison = Self.compare(keys[left][position], keys[right][position])
                    if comparison != 0 { return sortKey.descending ? comparison > 0 : comparison < 0 }
                }
                return left < right
            }
            indices = order.map { indices[$0] }
        }
        let total = indices.count
        if let page {
            let perPage = (limit ?? 0) > 0 ? (limit ?? 10) : 10
            let current = max(page, 1)
            let from = (current - 1) * perPage, to = current * perPage
            guard from < total else { return Result(indices: [], totalCount: total, pages: nil) }
            var links = PageLinks()
            if current > 1 { links.prev = current - 1 }
            if to < total { links.next = current + 1 }
            if min(to, total) - from != total {
                links.first = 1
                links.last = (total + perPage - 1) / perPage
            }
            return Result(indices: Array(indices[from..<min(to, total)]), totalCount: total, pages: links)
        }
        let from = start ?? 0
        let to: Int
        if let end { to = end } else if let limit { to = from + limit } else { return Result(indices: indices, totalCount: nil) }
        let slice = from < min(to, total) ? Array(indices[from..<min(to, total)]) : []
        return Result(indices: slice, totalCount: total)
    }

    static func matches(_ value: JSONValue?, _ filter: Filter, lowered: [String], base: String) -> Bool {
        // json-server skips records whose value is missing or null, for every operator.
        guard let value, value != .null else { return false }
        let text = value.javaScriptText(base: base)
        switch filter.operation {
        case .equal: return filter.values.contains(text)
        case .notEqual: return filter.values.allSatisfy { $0 != text }
        case .like:
            let lowerText = text.lowercased()
            return lowered.contains { lowerText.contains($0) }
        case .greaterOrEqual, .lessOrEqual:
            return filter.values.contains { parameter in
                let order = relation(value, parameter, text: text)
                return order.map { filter.operation == .greaterOrEqual ? $0 >= 0 : $0 <= 0 } ?? false
            }
        }
    }

    /// How `value` compares with a query text under JavaScript's `<=`: as numbers when the value is
    /// a number or boolean (nil when the text is not a number), else as UTF-16 text.
    static func relation(_ value: JSONValue, _ parameter: String, text: String) -> Int? {
        if let number = value.numeric {
            let trimmed = parameter.trimmingASCIISpaces()
            guard let other = trimmed.isEmpty ? 0 : Double(trimmed), !other.isNaN else { return nil }
            return number < other ? -1 : (number > other ? 1 : 0)
        }
        return utf16Compare(text, parameter)
    }

    /// lodash's ascending order: numbers by value, text by UTF-16 units, missing and null last;
    /// values of different kinds tie (JavaScript's `<` is false both ways).
    static func compare(_ left: JSONValue?, _ right: JSONValue?) -> Int {
        let leftAbsent = left == nil || left == .null, rightAbsent = right == nil || right == .null
        if leftAbsent || rightAbsent { return leftAbsent == rightAbsent ? 0 : (leftAbsent ? 1 : -1) }
        guard let left, let right else { return 0 }
        if let a = left.numeric, let b = right.numeric { return a < b ? -1 : (a > b ? 1 : 0) }
        switch (left, right) {
        case (.string(let a), .string(let b)), (.relative(let a), .relative(let b)): return utf16Compare(a, b)
        default: return 0
        }
    }

    static func utf16Compare(_ a: String, _ b: String) -> Int {
        if a == b { return 0 }
        return a.utf16.lexicographicallyPrecedes(b.utf16) ? -1 : 1
    }

    /// json-server's full-text test: any truthy leaf whose text contains `needle` (lower case).
    static func contains(_ value: JSONValue, _ needle: String, base: String) -> Bool {
        switch value {
        case .null, .bool(false): return false
        case .int(0): return false
        case .string(let text): return !text.isEmpty && text.lowercased().contains(needle)
        case .array(let items): return items.contains { contains($0, needle, base: base) }
        case .object(let object): return object.values.contains { contains($0, needle, base: base) }
        default: return value.javaScriptText(base: base).lowercased().contains(needle)
        }
    }
}

extension String {
    func trimmingASCIISpaces() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
