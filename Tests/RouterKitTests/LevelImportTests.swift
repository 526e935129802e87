import Foundation
import Testing
@testable import RouterKit

/// Rapid Router's fixture and editor saves come over with their toolbox, lights, cows, fuel and
/// scoring; records that are not levels are skipped and a broken level does not stop the others.
@Suite struct LevelImportTests {
    static var fixture: Data {
        get throws {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("TesseraServerTests/Fixtures/router-fixture.json")
            return try Data(contentsOf: url)
        }
    }

    @Test func aFixtureBringsItsLevelsWithToolboxLightsCowsAndScoring() throws {
        let result = try LevelImport.parse(try Self.fixture)
        #expect(result.levels.map(\.sourcePk) == [3, 20, 21])
        let lights = try #require(result.levels.first?.level)
        #expect(lights.name == "Lights on the high street" && lights.lesson == "Wait for green.")
        #expect(lights.trafficLights == [TrafficLight(source: Coordinate(x: 2, y: 3), direction: .east, startingState: .red,
                                                      redDuration: 3, greenDuration: 2)])
        #expect(lights.toolbox == [ToolboxEntry(.moveForwards), ToolboxEntry(.wait, limit: 2)])
        #expect(lights.scoring == LevelScoring(routeMax: 20, algorithmMax: 10, modelSolutions: [5]), "pk 3 < 13: route worth 20")
        #expect(lights.theme == .city && lights.decor == [Decor(name: "tree1", coordinate: Coordinate(x: 3, y: 5))])

        let cows = result.levels[1].level
        #expect(cows.destinations.count == 2 && cows.maxFuel == 20 && cows.theme == .farm)
        #expect(cows.cows.first?.kind == .brown && cows.cows.first?.potentialCoordinates == [Coordinate(x: 2, y: 1)])
        #expect(cows.scoring == LevelScoring(routeMax: 0, algorithmMax: 10, modelSolutions: [8, 9]), "route score disabled")
        #expect(cows.toolbox.contains(ToolboxEntry(.soundHorn, limit: 1)))
        #expect(throws: LevelError.self) { try result.levels[2].level.validate() }
        #expect(try lights.validate() == () && (try cows.validate()) == ())
    }

    @Test func anEditorSaveIsACustomLevelWithoutAnAlgorithmScore() throws {
        let save = #"""
        {"name": "My street", "path": "[{\"coordinate\":[0,0],\"connectedNodes\":[1]},{\"coordinate\":[0,1],\"connectedNodes\":[0]}]",
         "origin": "{\"coordinate\":[0,0],\"direction\":\"N\"}", "destinations": "[[0,1]]", "max_fuel": 10,
         "theme": "snow", "blocks": [{"type": "move_forwards", "number": 3}]}
        """#
        let result = try LevelImport.parse(Data(save.utf8))
        let level = try #require(result.levels.first?.level)
        #expect(level.name == "My street" && level.theme == .snow && level.maxFuel == 10)
        #expect(level.toolbox == [ToolboxEntry(.moveForwards, limit: 3)])
        #expect(level.scoring.algorithmMax == 0 && level.scoring.routeMax == 10)
    }

    @Test func anExportedLevelImportsBackToTheSameMapToolboxAndLook() throws {
        var level = try #require(LevelCatalog.level(id: "48"))
        level.decor = [Decor(name: "tree1", coordinate: Coordinate(x: 9, y: 7))]
        level.toolbox[0].limit = 4
        let back = try #require(try LevelImport.parse(try LevelExport.editorSave(level)).levels.first?.level)
        #expect(back.road == level.road && back.originHeading == level.originHeading && back.destinations == level.destinations)
        #expect(back.trafficLights == level.trafficLights && back.cows == level.cows && back.maxFuel == level.maxFuel)
        #expect(back.toolbox == level.toolbox && back.theme == level.theme && back.decor == level.decor)
        #expect(back.name == level.name && back.lesson == level.lesson && back.hint == level.hint)
        #expect(back.scoring.modelSolutions == level.scoring.modelSolutions)
        #expect(try back.validate() == ())
    }

    @Test func somethingElseIsRefusedPlainly() {
        #expect(throws: LevelImport.ImportError.unrecognised) { try LevelImport.parse(Data(#"{"hello": 1}"#.utf8)) }
        #expect(throws: LevelImport.ImportError.self) { try LevelImport.parse(Data("not json".utf8)) }
    }
}
