import Foundation

/// Brings Rapid Router levels over into our `Level` form, from either
/// - its database fixture: a JSON array of `{"model", "pk", "fields"}` records, with `game.level`
///   records (map fields given as JSON strings inside the JSON), and when present `game.levelblock`
///   (toolbox rows), `game.block` (block names), `game.leveldecor` (decor in pixels); or
/// - a level-editor save: one object with the map fields, `name`, `theme`, `character`, `blocks`…
///
/// Records that are not levels are skipped. A level that cannot be converted is reported by name and
/// field and does not stop the others. Scoring follows the original: the route score is worth 20
/// for levels whose pk is below 13 and 10 otherwise, each score can be disabled, and editor saves
/// (custom levels) have no algorithm score.
public enum LevelImport {
    public struct Imported: Hashable, Sendable {
        public var level: Level
        /// The fixture's primary key, or nil for an editor save.
        public var sourcePk: Int?
    }

    /// One level that could not be brought over: its name and field as the file has them, and
    /// what is wrong as catalogue words (`program.import.*`). Encoded as `{level, field, message}`
    /// with the message in English; `message(in:)` says it in another language.
    public struct Problem: Hashable, Sendable, Codable, CustomStringConvertible {
        public var level: String
        public var field: String
        public var words: Words
        /// What is wrong, in English.
        public var message: String { words.english }
        public var description: String { "\(level): \(field): \(message)" }

        public init(level: String, field: String, words: Words) {
            self.level = level
            self.field = field
            self.words = words
        }

        /// A problem whose message is a finished sentence, said the same in every language.
        public init(level: String, field: String, message: String) {
            self.init(level: level, field: field, words: .verbatim(message))
        }

        public func message(in language: TextLanguage) -> String { words.text(in: language) }

        private enum CodingKeys: String, CodingKey { case level, field, message }

        public init(from decoder: any Decoder) throws {
            let json = try decoder.container(keyedBy: CodingKeys.self)
            self.init(level: try json.decode(String.self, forKey: .level), field: try json.decode(String.self, forKey: .field),
                      message: try json.decode(String.self, forKey: .message))
        }

        public func encode(to encoder: any Encoder) throws {
            var json = encoder.container(keyedBy: CodingKeys.self)
            try json.encode(level, forKey: .level)
            try json.encode(field, forKey: .field)
            try json.encode(message, forKey: .message)
        }
    }

    public struct Result: Sendable {
        public var levels: [Imported] = []
        public var problems: [Problem] = []
    }

    public enum ImportError: Error, Equatable, CustomStringConvertible {
        case notJSON(String)
        case tooLarge(limit: Int)
        case unrecognised
        public var description: String { words.english }

        /// What is wrong with the file, as catalogue words (`program.import.*`). The JSON reader's
        /// reason comes from Foundation, in its own words.
        public var words: Words {
            switch self {
            case let .notJSON(reason): .say("program.import.notJSON", ["reason": .verbatim(reason)])
            case let .tooLarge(limit): .say("program.import.tooLarge", ["limit": .number(limit / 1_000_000)])
            case .unrecognised: .say("program.import.unrecognised")
            }
        }
    }

    /// Rapid Router's whole fixture is about 2 MB.
    public static let maxBytes = 8 << 20
    static let maxLevels = 500

    /// `idPrefix` makes the ids of imported levels ("import-<pk>" or "import-<n>").
    public static func parse(_ data: Data, idPrefix: String = "import-") throws -> Result {
        guard data.count <= maxBytes else { throw ImportError.tooLarge(limit: maxBytes) }
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch { throw ImportError.notJSON("\(error.localizedDescription)") }
        if let records = root as? [[String: Any]], records.contains(where: { $0["model"] is String }) {
            return fixture(records, idPrefix: idPrefix)
        }
        if let save = root as? [String: Any], save["path"] != nil {
            var result = Result()
            let name = (save["name"] as? String) ?? "Untitled level"
            do {
                result.levels.append(Imported(level: try editorSave(save, id: idPrefix + "1", name: name), sourcePk: nil))
            } catch let problem as Problem {
                result.problems.append(problem)
            }
            return result
        }
        throw ImportError.unrecognised
    }

    // MARK: The fixture

    private static func fixture(_ records: [[String: Any]], idPrefix: String) -> Result {
        func fields(_ model: String) -> [(pk: Int, fields: [String: Any])] {
            records.compactMap { record in
                guard record["model"] as? String == model, let pk = integer(record["pk"]),
                      let fields = record["fields"] as? [String: Any] else { return nil }
                return (pk, fields)
            }
        }
        let blockNames = Dictionary(fields("game.block").compactMap { entry in
            (entry.fields["type"] as? String).map { (entry.pk, $0) }
        }, uniquingKeysWith: { first, _ in first })
        var toolboxes: [Int: [ToolboxEntry]] = [:]
        for row in fields("game.levelblock") {
            guard let level = integer(row.fields["level"]), let type = integer(row.fields["type"]),
                  let name = blockNames[type], let block = BlockType(rawValue: name) else { continue }
            toolboxes[level, default: []].append(ToolboxEntry(block, limit: integer(row.fields["number"])))
        }
        var decor: [Int: [Decor]] = [:]
        for row in fields("game.leveldecor") {
            guard let level = integer(row.fields["level"]), let x = integer(row.fields["x"]), let y = integer(row.fields["y"]),
                  let name = row.fields["decorName"] as? String ?? row.fields["name"] as? String else { continue }
            decor[level, default: []].append(Decor(name: name, coordinate: Coordinate(x: x / 100, y: y / 100)))
        }
        var result = Result()
        for entry in fields("game.level").prefix(maxLevels) {
            let name = text(entry.fields, "name") ?? "Level \(entry.pk)"
            do {
                var level = try convert(entry.fields, id: idPrefix + String(entry.pk), name: name,
                                        routeMax: entry.pk < 13 ? 20 : 10, customLevel: false)
                level.toolbox = toolboxes[entry.pk] ?? level.toolbox
                level.decor = decor[entry.pk] ?? []
                result.levels.append(Imported(level: level, sourcePk: entry.pk))
            } catch let problem as Problem {
                result.problems.append(problem)
            } catch {
                result.problems.append(Problem(level: name, field: "?", message: "\(error)"))
            }
        }
        return result
    }

    private static func editorSave(_ save: [String: Any], id: String, name: String) throws -> Level {
        var level = try convert(save, id: id, name: name, routeMax: 10, customLevel: true)
        if let blocks = save["blocks"] as? [Any] {
            level.toolbox = blocks.compactMap { item in
                if let name = item as? String { return BlockType(rawValue: name).map { ToolboxEntry($0) } }
                guard let object = item as? [String: Any], let type = object["type"] as? String,
                      let block = BlockType(rawValue: type) else { return nil }
                return ToolboxEntry(block, limit: integer(object["number"]))
            }
        }
        // Decor in pixels, 100 per tile, as in the fixture (`LevelExport` writes it so).
        level.decor = (nested(save["decor"]) as? [[String: Any]] ?? []).prefix(200).compactMap { item in
            guard let name = item["name"] as? String ?? item["decorName"] as? String,
                  let x = integer(item["x"]), let y = integer(item["y"]) else { return nil }
            return Decor(name: String(name.prefix(40)), coordinate: Coordinate(x: x / 100, y: y / 100))
        }
        return level
    }

    // MARK: One level's fields

    private static func convert(_ fields: [String: Any], id: String, name: String, routeMax: Int, customLevel: Bool) throws -> Level {
        func fail(_ field: String, _ problem: String, _ arguments: [String: Words] = [:]) -> Problem {
            Problem(level: name, field: field, words: .say("program.import." + problem, arguments))
        }
        guard let path = nested(fields["path"]) as? [[String: Any]], !path.isEmpty else { throw fail("path", "noPath") }
        var road: [RoadNode] = []
        for (index, node) in path.enumerated() {
            guard let coordinate = coordinate(node["coordinate"]),
                  let connected = node["connectedNodes"] as? [Any] else {
                throw fail("path", "tileFields", ["tile": .number(index)])
            }
            road.append(RoadNode(coordinate, connections: connected.compactMap(integer)))
        }
        guard let origin = nested(fields["origin"]) as? [String: Any],
              let direction = (origin["direction"] as? String).flatMap(Heading.init(rawValue:)) else {
            throw fail("origin", "noOrigin")
        }
        if let start = coordinate(origin["coordinate"]), start != road[0].coordinate {
            // The original's levels always start on path[0]; keep that invariant by moving the start tile first.
            guard let index = road.firstIndex(where: { $0.coordinate == start }) else { throw fail("origin", "startOffRoad", ["at": .code(start)]) }
            road = reorder(road, first: index)
        }
        guard let destinationList = nested(fields["destinations"]) as? [Any] else { throw fail("destinations", "missing") }
        let destinations = try destinationList.map { item -> Coordinate in
            guard let coordinate = coordinate(item) else { throw fail("destinations", "destinationPair") }
            return coordinate
        }
        let lights = try (nested(fields["traffic_lights"]) as? [[String: Any]] ?? []).map { light -> TrafficLight in
            guard let source = coordinate(light["sourceCoordinate"]),
                  let heading = (light["direction"] as? String).flatMap(Heading.init(rawValue:)),
                  let state = (light["startingState"] as? String).flatMap(LightColour.init(rawValue:)),
                  let red = integer(light["redDuration"]), let green = integer(light["greenDuration"]) else {
                throw fail("traffic_lights", "lightFields")
            }
            return TrafficLight(source: source, direction: heading, startingState: state,
                                startTime: integer(light["startTime"]) ?? 0, redDuration: red, greenDuration: green)
        }
        let cows = try (nested(fields["cows"]) as? [[String: Any]] ?? []).map { group -> CowGroup in
            guard let squares = group["potentialCoordinates"] as? [Any] else { throw fail("cows", "cowFields") }
            return CowGroup(kind: (group["type"] as? String).flatMap(CowKind.init(rawValue:)) ?? .white,
                            minCows: integer(group["minCows"]) ?? 1, maxCows: integer(group["maxCows"]) ?? 1,
                            potentialCoordinates: squares.compactMap(coordinate))
        }
        let models = (nested(fields["model_solution"]) as? [Any] ?? []).compactMap(integer)
        let routeOff = fields["disable_route_score"] as? Bool ?? false
        let algorithmOff = customLevel || (fields["disable_algorithm_score"] as? Bool ?? false)
        let blockly = fields["blockly_enabled"] as? Bool ?? true
        return Level(
            id: id, name: String(name.prefix(LevelLimits.nameLength)), lesson: String((text(fields, "lesson") ?? "").prefix(2000)),
            hint: String((text(fields, "hint") ?? "").prefix(2000)), theme: theme(fields), character: character(fields),
            road: road, originHeading: direction, destinations: destinations, trafficLights: lights, cows: cows,
            maxFuel: integer(fields["max_fuel"]) ?? 50,
            toolbox: [.moveForwards, .turnLeft, .turnRight].map { ToolboxEntry($0) },
            scoring: LevelScoring(routeMax: routeOff ? 0 : routeMax, algorithmMax: algorithmOff ? 0 : 10,
                                  modelSolutions: models),
            blocklyEnabled: blockly, pythonEnabled: fields["python_enabled"] as? Bool ?? false,
            pythonViewEnabled: fields["python_view_enabled"] as? Bool ?? false)
    }

    /// Moves tile `first` to index 0 and renumbers every connection.
    private static func reorder(_ road: [RoadNode], first: Int) -> [RoadNode] {
        var order = Array(road.indices)
        order.remove(at: first)
        order.insert(first, at: 0)
        let newIndex = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        return order.map { old in
            RoadNode(road[old].coordinate, connections: road[old].connections.compactMap { newIndex[$0] })
        }
    }

    // MARK: Loose JSON

    /// Map fields are JSON strings inside the JSON (with varying spacing): parse them, never match text.
    private static func nested(_ value: Any?) -> Any? {
        guard let string = value as? String else { return value }
        return try? JSONSerialization.jsonObject(with: Data(string.utf8), options: [.fragmentsAllowed])
    }

    /// `[x, y]`, `{"x":, "y":}` or a JSON string of either.
    private static func coordinate(_ value: Any?) -> Coordinate? {
        switch nested(value) {
        case let pair as [Any] where pair.count == 2:
            guard let x = integer(pair[0]), let y = integer(pair[1]) else { return nil }
            return Coordinate(x: x, y: y)
        case let object as [String: Any]:
            guard let x = integer(object["x"]), let y = integer(object["y"]) else { return nil }
            return Coordinate(x: x, y: y)
        default:
            return nil
        }
    }

    private static func integer(_ value: Any?) -> Int? {
        switch value {
        // JSON `true` is a boolean NSNumber (objCType "c"); 0 and 1 would also pass `is Bool`.
        case let number as NSNumber where String(cString: number.objCType) == "c":
            return nil
        case let number as NSNumber:
            let double = number.doubleValue
            guard double.isFinite, double == double.rounded(), abs(double) < 1e9 else { return nil }
            return Int(double)
        case let string as String:
            return Int(string.trimmingCharacters(in: .whitespaces))
        default:
            return nil
        }
    }

    /// Plain `name`, or the fixture's `_name_plain` (texts of default levels).
    private static func text(_ fields: [String: Any], _ key: String) -> String? {
        (fields[key] as? String) ?? (fields["_\(key)_plain"] as? String)
    }

    private static func theme(_ fields: [String: Any]) -> Theme {
        let value = fields["theme_name"] ?? fields["theme"]
        if let name = value as? String, let theme = Theme(rawValue: name.lowercased()) { return theme }
        // Fixture themes are pks in the original's order.
        if let pk = integer(value), (1...4).contains(pk) { return [.grass, .snow, .farm, .city][pk - 1] }
        return .grass
    }

    private static func character(_ fields: [String: Any]) -> String {
        let value = fields["character_name"] ?? fields["character"]
        return (value as? String).map { String($0.lowercased().prefix(40)) } ?? "van"
    }
}

extension LevelImport.Problem: Error {}
