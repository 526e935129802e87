import Foundation

/// Writes a level as a Rapid Router level-editor save: one object with the original's field names,
/// the map fields (`path`, `origin`, `destinations`, `traffic_lights`, `cows`, `model_solution`)
/// as JSON strings inside the JSON as the original stores them, and decor in pixels (100 per tile).
/// `LevelImport.parse` reads it back to the same map, toolbox, fuel, look and texts.
public enum LevelExport {
    public static func editorSave(_ level: Level) throws -> Data {
        var save: [String: Any] = [
            "name": level.name,
            "lesson": level.lesson,
            "hint": level.hint,
            "theme_name": level.theme.rawValue,
            "character_name": level.character,
            "max_fuel": level.maxFuel,
            "path": try string(level.road.map { ["coordinate": pair($0.coordinate), "connectedNodes": $0.connections] }),
            "destinations": try string(level.destinations.map(pair)),
            "traffic_lights": try string(level.trafficLights.map { light in
                ["sourceCoordinate": pair(light.source), "direction": light.direction.rawValue,
                 "startingState": light.startingState.rawValue, "startTime": light.startTime,
                 "redDuration": light.redDuration, "greenDuration": light.greenDuration] as [String: Any]
            }),
            "cows": try string(level.cows.map { group in
                ["type": group.kind.rawValue, "minCows": group.minCows, "maxCows": group.maxCows,
                 "potentialCoordinates": group.potentialCoordinates.map(pair)] as [String: Any]
            }),
            "model_solution": try string(level.scoring.modelSolutions),
            "disable_route_score": level.scoring.routeMax == 0,
            "disable_algorithm_score": level.scoring.algorithmMax == 0,
            "blockly_enabled": level.blocklyEnabled,
            "python_enabled": level.pythonEnabled,
            "python_view_enabled": level.pythonViewEnabled,
            "blocks": level.toolbox.map { entry -> [String: Any] in
                var block: [String: Any] = ["type": entry.block.rawValue]
                if let limit = entry.limit { block["number"] = limit }
                return block
            },
            "decor": level.decor.map { ["name": $0.name, "x": $0.coordinate.x * 100, "y": $0.coordinate.y * 100] as [String: Any] },
        ]
        if let origin = level.origin {
            save["origin"] = try string(["coordinate": pair(origin), "direction": level.originHeading.rawValue] as [String: Any])
        }
        return try JSONSerialization.data(withJSONObject: save, options: [.prettyPrinted, .sortedKeys])
    }

    private static func pair(_ coordinate: Coordinate) -> [Int] { [coordinate.x, coordinate.y] }

    private static func string(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }
}
