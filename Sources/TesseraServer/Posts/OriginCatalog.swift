import Foundation
import GridKit
import NIOCore
import PostsKit
import Synchronization

/// The standard dataset as the origin serves it, built once on first use: each collection's
/// records (for queries and writes) and their text rendered at list depth, so a list answer is a
/// copy of ready bytes with the base URL spliced into photo URLs.
final class OriginCatalog: Sendable {
    static let standard = OriginCatalog(OriginDataset.standard)

    private let records: [OriginResource: [JSONValue]]
    private let rendered: [OriginResource: [OriginRendering]]

    init(_ dataset: OriginDataset) {
        var records: [OriginResource: [JSONValue]] = [:]
        var rendered: [OriginResource: [OriginRendering]] = [:]
        for resource in OriginResource.allCases {
            let values = dataset.records(resource)
            records[resource] = values
            rendered[resource] = values.map { OriginRendering($0, depth: 1) }
        }
        self.records = records
        self.rendered = rendered
    }

    /// Whole unfiltered lists and `/db`, as answered lately, per base URL: a client syncing all
    /// 5000 photos gets the same megabyte each time, so it is assembled once (a `ByteBuffer` is
    /// shared, not copied). A handful of entries, since clients use one or two `Host` names.
    private let wholeBodies = Mutex<[(key: String, body: ByteBuffer)]>([])
    private static let wholeBodiesKept = 8

    /// The whole list of `resource` with `base` in its URLs.
    func wholeList(_ resource: OriginResource, base: String) -> ByteBuffer {
        cached(resource.rawValue + " " + base) {
            OriginRendering.list(rendered(resource), indices: Array(rendered(resource).indices), base: Array(base.utf8))
        }
    }

    /// `/db`: every collection, in jsonplaceholder's order.
    func database(base: String) -> ByteBuffer {
        cached("db " + base) {
            var object = JSONObject()
            for resource in OriginResource.allCases { object[resource.rawValue] = .array(records(resource)) }
            return OriginRendering(.object(object)).buffer(base: Array(base.utf8))
        }
    }

    private func cached(_ key: String, _ make: () -> ByteBuffer) -> ByteBuffer {
        if let hit = wholeBodies.withLock({ $0.first { $0.key == key }?.body }) { return hit }
        let body = make()  // outside the lock: two racing requests may both build it, which is harmless
        wholeBodies.withLock { bodies in
            bodies.removeAll { $0.key == key }
            bodies.append((key, body))
            if bodies.count > Self.wholeBodiesKept { bodies.removeFirst() }
        }
        return body
    }

    func records(_ resource: OriginResource) -> [JSONValue] { records[resource] ?? [] }
    func rendered(_ resource: OriginResource) -> [OriginRendering] { rendered[resource] ?? [] }

    /// The index of the record whose id is `text`, which must be how JavaScript prints that id
    /// (json-server compares `String(id)`, so `007` is no id): 1–9 digits, no leading zero.
    func index(of text: Substring, in resource: OriginResource) -> Int? {
        guard (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let id = Int(text), String(id) == text else { return nil }
        let all = records(resource)
        // Ids are positions plus one in every collection, so look there before searching.
        if all.indices.contains(id - 1), all[id - 1].value(at: ["id"]) == .int(id) { return id - 1 }
        return all.firstIndex { $0.value(at: ["id"]) == .int(id) }
    }

    /// The id a created record gets: the largest id plus one, as json-server's `createId`.
    func nextID(_ resource: OriginResource) -> Int {
        let ids = records(resource).compactMap { record -> Int? in
            if case .int(let id)? = record.value(at: ["id"]) { return id }
            return nil
        }
        return (ids.max() ?? 0) + 1
    }
}

/// A request's query as json-server reads it: items in order with repeats, `+` as a space,
/// percent-decoded. Bounded so a query cannot make the server work hard: at most `maxItems` items
/// and `maxCharacters` per key or value (decoded), else 400 `invalid_query`. Characters are Unicode
/// scalars, as JSON Schema's `maxLength` counts them, so openapi.yaml can state the limit exactly
/// (a byte limit it could not: fuzzing with a fresh seed found valid-looking queries refused).
struct OriginQueryItems {
    static let maxItems = 50
    static let maxCharacters = 256

    struct Item {
        var key: String
        var value: String
        /// As sent, to rebuild page links without re-encoding anything.
        var raw: Substring
    }

    private(set) var items: [Item] = []

    init(_ query: String?) throws {
        guard let query, !query.isEmpty else { return }
        let parts = query.split(separator: "&", omittingEmptySubsequences: true)
        guard parts.count <= Self.maxItems else {
            throw APIError.badRequest("posts.errors.fakeOrigin.tooManyItems", ["count": .number(Self.maxItems)], code: "invalid_query")
        }
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = Self.decode(pair[0]), value = pair.count > 1 ? Self.decode(pair[1]) : ""
            guard key.unicodeScalars.count <= Self.maxCharacters, value.unicodeScalars.count <= Self.maxCharacters else {
                throw APIError.badRequest("posts.errors.fakeOrigin.itemTooLong", ["limit": .number(Self.maxCharacters)], code: "invalid_query")
            }
            items.append(Item(key: key, value: value, raw: part))
        }
    }

    /// Sets `key` to `value` alone (how json-server adds `postId` for `/posts/1/comments`).
    mutating func replace(_ key: String, with value: String) {
        items.removeAll { $0.key == key }
        items.append(Item(key: key, value: value, raw: ""))
    }

    var pairs: [(key: String, value: String)] { items.map { ($0.key, $0.value) } }

    /// The query as sent with the first `_page` set to `page`: a page link keeps everything else.
    /// Bytes that could end the `<…>` of a `Link` header or are not URL characters are
    /// percent-encoded; everything else stays as the client wrote it.
    func withPage(_ page: Int) -> String {
        var replaced = false
        let query = items.filter { !$0.raw.isEmpty }.map { item -> Substring in
            guard !replaced, item.key == "_page" else { return item.raw }
            replaced = true
            return "_page=\(page)"
        }.joined(separator: "&")
        var safe = ""
        for byte in query.utf8 {
            let allowed = (0x21...0x7E).contains(byte) && !"<>\"\\^`{|}".utf8.contains(byte)
            safe += allowed ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return safe
    }

    /// `+` is a space in a query; a malformed escape is kept as written (Express does the same).
    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
