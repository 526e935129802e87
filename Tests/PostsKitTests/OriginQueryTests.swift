import GridKit
import Testing
@testable import PostsKit

/// json-server 0.17's list semantics over small hand-made records.
@Suite struct OriginQueryTests {
    static func record(_ id: Int, _ title: String, user: Int, city: String, done: Bool? = nil) -> JSONValue {
        var object: JSONObject = ["id": .int(id), "userId": .int(user), "title": .string(title),
                                  "address": .object(["city": .string(city)])]
        if let done { object["done"] = .bool(done) }
        return .object(object)
    }

    let records: [JSONValue] = [
        record(1, "Quiet tiles", user: 1, city: "Tilehaven", done: true),
        record(2, "a winding maze", user: 1, city: "Gridmouth"),
        record(3, "maze (hard)", user: 2, city: "Tilehaven", done: false),
        record(4, "bright grid", user: 2, city: "Mazeford", done: true),
        record(5, "travel light", user: 3, city: "Gridmouth"),
    ]

    func ids(_ query: [(String, String)], base: String = "") -> [Int] {
        OriginQuery(items: query.map { (key: $0.0, value: $0.1) }).run(on: records, base: base).indices.map { $0 + 1 }
    }

    @Test func equalityFiltersOrRepeatsAndAndKeys() {
        #expect(ids([("userId", "1")]) == [1, 2])
        #expect(ids([("userId", "1"), ("userId", "3")]) == [1, 2, 5])
        #expect(ids([("userId", "2"), ("address.city", "Tilehaven")]) == [3])
        #expect(ids([("done", "true")]) == [1, 4])
        #expect(ids([("userId", "01")]) == [])  // text equality, as `String(value) === param`
        #expect(ids([("userId", "")]) == [])
    }

    @Test func unknownKeysAreIgnoredButUnknownOperatorsMatchNothing() {
        #expect(ids([("foo", "1")]) == [1, 2, 3, 4, 5])
        #expect(ids([("callback", "f"), ("_", "123"), ("_embed", "x")]) == [1, 2, 3, 4, 5])
        #expect(ids([("foo_gte", "1")]) == [])
        // A key some records have is a filter, and records without it do not match.
        #expect(ids([("done", "false")]) == [3])
    }

    @Test func operatorsCompareNumbersAsNumbersAndTextAsText() {
        #expect(ids([("id_gte", "4")]) == [4, 5])
        #expect(ids([("id_lte", "2")]) == [1, 2])
        #expect(ids([("id_gte", "2"), ("id_lte", "3")]) == [2, 3])
        #expect(ids([("id_gte", "10")]) == [])  // 10 as a number, not the text "10"
        #expect(ids([("id_gte", "abc")]) == [])
        #expect(ids([("title_gte", "m")]) == [3, 5])  // UTF-16 order: "Q" < "a" < "b" < "m" < "t"
        #expect(ids([("id_ne", "1"), ("id_ne", "2")]) == [3, 4, 5])
    }

    @Test func likeIsACaseInsensitiveSubstringNotARegularExpression() {
        #expect(ids([("title_like", "MAZE")]) == [2, 3])
        #expect(ids([("title_like", "(hard)")]) == [3])
        #expect(ids([("title_like", "^maze")]) == [])  // `^` is a character here, so no backtracking regex
        #expect(ids([("title_like", "tiles"), ("title_like", "light")]) == [1, 5])
        #expect(ids([("address.city_like", "grid")]) == [2, 5])
    }

    @Test func fullTextSearchLooksEverywhereIgnoringCase() {
        #expect(ids([("q", "GRID")]) == [2, 4, 5])  // titles and the nested city
        #expect(ids([("q", "5")]) == [5])  // numbers count too
        #expect(ids([("q", "")]) == [1, 2, 3, 4, 5])
        #expect(ids([("q", "true")]) == [1, 4])  // `true` is searchable, `false` is not (json-server skips falsy values)
        #expect(ids([("q", "false")]) == [])
    }

    @Test func sortsByFieldsInEitherOrderKeepingTiesStable() {
        #expect(ids([("_sort", "title")]) == [1, 2, 4, 3, 5])
        #expect(ids([("_sort", "userId,id"), ("_order", "desc,asc")]) == [5, 3, 4, 1, 2])
        #expect(ids([("_sort", "address.city")]) == [2, 5, 4, 1, 3])
        #expect(ids([("_sort", "done")]) == [3, 1, 4, 2, 5])  // false < true, missing last
        #expect(ids([("_sort", "done"), ("_order", "DESC")]) == [2, 5, 1, 4, 3])
        #expect(ids([("_sort", "nothing")]) == [1, 2, 3, 4, 5])
    }

    @Test func slicesWithStartEndAndLimitAndCountsTheTotal() {
        let query = { (items: [(String, String)]) in
            OriginQuery(items: items.map { (key: $0.0, value: $0.1) }).run(on: records)
        }
        #expect(query([("_start", "1"), ("_end", "3")]) == .init(indices: [1, 2], totalCount: 5, pages: nil))
        #expect(query([("_limit", "2")]) == .init(indices: [0, 1], totalCount: 5, pages: nil))
        #expect(query([("_start", "4"), ("_limit", "9")]).indices == [4])
        #expect(query([("_limit", "0")]) == .init(indices: [], totalCount: 5, pages: nil))
        #expect(query([("userId", "1"), ("_limit", "1")]).totalCount == 2)  // counted after filtering
        // `_start` alone does not slice, and no slicing means no total (as json-server).
        #expect(query([("_start", "2")]) == .init(indices: [0, 1, 2, 3, 4], totalCount: nil, pages: nil))
        #expect(query([("_end", "9")]).indices.count == 5)
        #expect(query([("_start", "3"), ("_end", "1")]).indices == [])
    }

    @Test func pagesLinkFirstPrevNextLastAndAPagePastTheEndIsEmpty() {
        let page = { (number: String, limit: String?) in
            OriginQuery(items: [(key: "_page", value: number)] + (limit.map { [(key: "_limit", value: $0)] } ?? []))
                .run(on: records)
        }
        #expect(page("1", "2") == .init(indices: [0, 1], totalCount: 5, pages: .init(first: 1, prev: nil, next: 2, last: 3)))
        #expect(page("2", "2") == .init(indices: [2, 3], totalCount: 5, pages: .init(first: 1, prev: 1, next: 3, last: 3)))
        #expect(page("3", "2") == .init(indices: [4], totalCount: 5, pages: .init(first: 1, prev: 2, next: nil, last: 3)))
        #expect(page("4", "2") == .init(indices: [], totalCount: 5, pages: nil))
        // Everything on one page: no links at all; `_limit` defaults to 10; page 0 is page 1.
        #expect(page("1", nil) == .init(indices: [0, 1, 2, 3, 4], totalCount: 5, pages: .init()))
        #expect(page("0", "2").indices == [0, 1])
        #expect(page("2", "junk").indices == [])
    }

    @Test func junkNumbersAreIgnored() {
        for junk in ["abc", "-1", "1.5", "1e3", " 2", "1000001", "99999999999999999999", ""] {
            let result = OriginQuery(items: [(key: "_limit", value: junk), (key: "_start", value: junk)]).run(on: records)
            #expect(result == .init(indices: [0, 1, 2, 3, 4], totalCount: nil, pages: nil), "\(junk)")
        }
        #expect(OriginQuery.number("1000000") == 1_000_000)
        #expect(OriginQuery.number("0007") == 7)
    }

    @Test func relativeValuesCompareWithTheBaseApplied() {
        let photos: [JSONValue] = [.object(["id": .int(1), "url": .relative("/origin/placeholder/600/abcdef")])]
        let match = OriginQuery(items: [(key: "url", value: "http://h:1/origin/placeholder/600/abcdef")])
        #expect(match.run(on: photos, base: "http://h:1").indices == [0])
        #expect(match.run(on: photos, base: "http://other").indices == [])
        #expect(OriginQuery(items: [(key: "q", value: "H:1/ORIGIN")]).run(on: photos, base: "http://h:1").indices == [0])
    }

    @Test func javaScriptTextAndObjectsMergeLikeSpread() {
        let array: JSONValue = .array([.int(1), .null, .string("a")])
        #expect(array.javaScriptText(base: "") == "1,,a")
        #expect(JSONValue.object(JSONObject()).javaScriptText(base: "") == "[object Object]")
        let record: JSONObject = ["userId": .int(1), "id": .int(7), "title": .string("old")]
        let merged = record.merging(["title": .string("new"), "extra": .bool(true)])
        #expect(merged.keys == ["userId", "id", "title", "extra"])
        #expect(merged["title"] == .string("new"))
        var body: JSONObject = ["id": .string("x"), "a": .int(1)]
        body["id"] = .int(101)  // `{...body, id}` keeps the sent key's place
        #expect(body.keys == ["id", "a"] && body["id"] == .int(101))
    }
}
