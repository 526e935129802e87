import Foundation
import Synchronization
import GridKit

/// A language as the catalogues describe it: `{"code","name","dir","plural"}`.
public struct LanguageInfo: Sendable, Equatable, Codable {
    public let code: String
    public let name: String
    /// `ltr` or `rtl`.
    public let dir: String
    /// CLDR plural rules, by category (see `PluralRules`).
    public let plural: [String: String]
}

/// One language's words: every message, by dotted key (`router.common.print`), parsed.
public struct Catalogue: Sendable {
    public let language: LanguageInfo
    public let plural: PluralRules
    public let locale: Locale
    public let messages: [String: Message]
    /// The catalogue as pages load it (`GET /api/languages/{code}`): `{"language","messages"}`.
    public let json: Data

    /// The words of `key` with `arguments`, or nil when this language has no such message.
    public func text(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String? {
        messages[key]?.format(arguments, plural: plural, locale: locale)
    }
}

/// Every language Tessera speaks: the catalogues shipped in the `Languages` bundle
/// (`catalogues/<code>/`), any more in a folder the operator names (`--languages-dir`), and the
/// pseudo-language `en-XA` made from English. Adding a language is adding files: nothing here
/// knows which languages exist.
public struct Catalogues: Sendable {
    public static let english = "en"
    public static let pseudo = "en-XA"

    /// By code; `en-XA` included.
    public let catalogues: [String: Catalogue]
    /// What went wrong reading them (a file that is not a catalogue, a message that does not parse).
    public let problems: [String]

    /// The shipped catalogues, read once per process: they never change while it runs, and reading
    /// seven languages' thousands of messages again for every app built (each test builds its own)
    /// kept both cores busy for minutes in `swift test`.
    private static let shippedOnly = Mutex<Catalogues?>(nil)

    /// The shipped catalogues, and those in `extraFolder` (which win for the same code).
    public static func load(extraFolder: URL? = nil) -> Catalogues {
        guard extraFolder == nil else { return read(extraFolder: extraFolder) }
        return shippedOnly.withLock { cached in
            if let cached { return cached }
            let loaded = read(extraFolder: nil)
            cached = loaded
            return loaded
        }
    }

    private static func read(extraFolder: URL?) -> Catalogues {
        let shipped = ResourceBundle.find("catalogues", inBundleOf: "Languages", directory: true)
        var problems = shipped == nil ? ["the catalogues folder is missing (Tessera_Languages.resources beside the binary)"] : []
        let loaded = Catalogues(folders: [shipped, extraFolder].compactMap { $0 })
        problems += loaded.problems
        return Catalogues(catalogues: loaded.catalogues, problems: problems)
    }

    init(catalogues: [String: Catalogue], problems: [String]) {
        self.catalogues = catalogues
        self.problems = problems
    }

    /// Reads every language in `folders`: a `<code>/` folder holding `language.json`
    /// (`{"code","name","dir","plural"}`) and one file per area (`router.json` holds the `router.*`
    /// messages, so people translating different apps never edit one file), or a single
    /// `<code>.json` file `{"language": {…}, "messages": {…}}`. What several entries say of one code is
    /// merged, later ones (the operator's folder) winning key by key.
    public init(folders: [URL]) {
        var read: [String: (language: LanguageInfo, messages: [String: String])] = [:]
        var problems: [String] = []
        let manager = FileManager.default
        for folder in folders {
            let entries = ((try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
            for entry in entries {
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: entry.path, isDirectory: &isFolder), isFolder.boolValue || entry.pathExtension == "json" else { continue }
                do {
                    let (language, messages) = isFolder.boolValue ? try Self.read(folder: entry) : try Self.read(Data(contentsOf: entry))
                    read[language.code] = (language, (read[language.code]?.messages ?? [:]).merging(messages) { $1 })
                } catch {
                    problems.append("\(entry.lastPathComponent): \(error)")
                }
            }
        }
        var catalogues: [String: Catalogue] = [:]
        for (code, entry) in read {
            do {
                catalogues[code] = try Self.catalogue(entry.language, entry.messages)
            } catch {
                problems.append("\(code): \(error)")
            }
        }
        if let english = catalogues[Self.english] {
            catalogues[Self.pseudo] = Self.pseudoCatalogue(from: english)
        }
        self.catalogues = catalogues
        self.problems = problems.sorted()
    }

    /// A language's folder: `language.json` and `<area>.json` files.
    static func read(folder: URL) throws -> (LanguageInfo, [String: String]) {
        let language = try JSONDecoder().decode(LanguageInfo.self, from: Data(contentsOf: folder.appendingPathComponent("language.json")))
        var flat: [String: String] = [:]
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" && $0.lastPathComponent != "language.json" }
        for file in files {
            let area = file.deletingPathExtension().lastPathComponent
            let messages = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
            guard messages is [String: Any] else { throw CatalogueProblem("\(file.lastPathComponent) is not a group of messages") }
            try flatten(messages, prefix: area, into: &flat)
        }
        return (language, flat)
    }

    /// The languages people choose from (not `en-XA`): English first, then by code.
    public var languages: [LanguageInfo] {
        catalogues.values.map(\.language).filter { $0.code != Self.pseudo }
            .sorted { ($0.code == Self.english ? 0 : 1, $0.code) < ($1.code == Self.english ? 0 : 1, $1.code) }
    }

    /// The words of `key` in `language`, else in English, else the key itself (so a missing
    /// message shows, and a test finds it).
    public func text(_ key: String, _ arguments: [String: MessageArgument] = [:], language: String) -> String {
        catalogues[language]?.text(key, arguments) ?? catalogues[Self.english]?.text(key, arguments) ?? key
    }

    /// The language to answer in: `?lang=` when we have it, else the best of `Accept-Language`
    /// (by quality, exact code first, then its main part: `es-MX` → `es`), else English.
    public func negotiate(asked: String?, acceptLanguage: String?) -> String {
        if let asked, let code = match(asked) { return code }
        let wanted = (acceptLanguage ?? "").split(separator: ",").prefix(20).enumerated().compactMap { position, item -> (String, Double, Int)? in
            let pieces = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty, tag.count <= 35 else { return nil }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (tag, quality, position)
        }.sorted { ($1.1, $0.2) < ($0.1, $1.2) }
        for (tag, quality, _) in wanted where quality > 0 {
            if let code = match(tag) { return code }
        }
        return Self.english
    }

    /// Our code for a language tag, any capitals: the exact code, else its main part.
    public func match(_ tag: String) -> String? {
        guard tag.utf8.count <= 35 else { return nil }
        let lowered = tag.lowercased()
        if let exact = catalogues.keys.first(where: { $0.lowercased() == lowered }) { return exact }
        let primary = lowered.split(separator: "-").first.map(String.init) ?? lowered
        return catalogues.keys.first { $0.lowercased() == primary }
    }

    static func read(_ data: Data) throws -> (LanguageInfo, [String: String]) {
        guard let file = try JSONSerialization.jsonObject(with: data) as? [String: Any], let messages = file["messages"] as? [String: Any],
              let about = file["language"] else {
            throw CatalogueProblem("a catalogue is {\"language\": {…}, \"messages\": {…}}")
        }
        let language = try JSONDecoder().decode(LanguageInfo.self, from: JSONSerialization.data(withJSONObject: about))
        var flat: [String: String] = [:]
        try flatten(messages, prefix: "", into: &flat)
        return (language, flat)
    }

    static func catalogue(_ language: LanguageInfo, _ flat: [String: String]) throws -> Catalogue {
        guard ["ltr", "rtl"].contains(language.dir) else { throw CatalogueProblem("dir is \(language.dir), not ltr or rtl") }
        let plural = try PluralRules(language.plural)
        let messages = try flat.mapValues { try Message($0) }
        var nested: [String: Any] = [:]
        for (key, value) in flat { insert(value, at: key.split(separator: ".").map(String.init), into: &nested) }
        let info: [String: Any] = ["code": language.code, "name": language.name, "dir": language.dir, "plural": language.plural]
        let json = try JSONSerialization.data(withJSONObject: ["language": info, "messages": nested], options: [.sortedKeys, .withoutEscapingSlashes])
        return Catalogue(language: language, plural: plural, locale: Locale(identifier: language.code), messages: messages, json: json)
    }

    static func flatten(_ value: Any, prefix: String, into flat: inout [String: String]) throws {
        if let text = value as? String {
            flat[prefix] = text
        } else if let members = value as? [String: Any] {
            for (key, member) in members { try flatten(member, prefix: prefix.isEmpty ? key : prefix + "." + key, into: &flat) }
        } else {
            throw CatalogueProblem("\(prefix) is neither a message nor a group of messages")
        }
    }

    static func insert(_ value: String, at path: [String], into node: inout [String: Any]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            node[first] = value
        } else {
            var child = node[first] as? [String: Any] ?? [:]
            insert(value, at: Array(path.dropFirst()), into: &child)
            node[first] = child
        }
    }

    static func pseudoCatalogue(from english: Catalogue) -> Catalogue? {
        let language = LanguageInfo(code: pseudo, name: "Pseudo (en-XA)", dir: "ltr", plural: english.language.plural)
        return try? catalogue(language, english.messages.mapValues(Pseudo.message))
    }
}

struct CatalogueProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
