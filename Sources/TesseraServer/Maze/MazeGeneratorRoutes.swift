import Hummingbird
import Languages
import MazeKit

/// `GET /api/maze/algorithms` (every generator with a one-line description in the asker's
/// language) and `GET /api/maze/carving` (the steps that carve one maze, for the page's "watch it
/// made"). The carving is bounded by the maze: at most about 10 000 cell steps, or 20 000 wall runs
/// for recursive division, at 201×201 (see `MazeCarving`).
extension MazeRoutes {
    @Sendable func algorithms(_ request: Request, context: Context) async throws -> Response {
        let language = APIError.language(of: request)
        let list = MazeAlgorithm.allCases.map { algorithm in
            MazeAlgorithmJSON(name: algorithm.rawValue,
                              description: Catalogues.current.text(algorithm.descriptionKey, language: language))
        }
        return try JSONBody.response(list)
    }

    @Sendable func carving(_ request: Request, context: Context) async throws -> Response {
        let query = request.uri.queryParameters
        let parameters = try MazeRequestRules.parameters(
            seed: query["seed"].map(String.init),
            width: try MazeRequestRules.int(query["width"].map(String.init), "width"),
            height: try MazeRequestRules.int(query["height"].map(String.init), "height"),
            algorithm: query["algorithm"].map(String.init))
        return try JSONBody.response(MazeCarvingJSON(MazeGenerator.carving(parameters)))
    }
}

struct MazeAlgorithmJSON: Encodable {
    let name: String
    let description: String
}

/// A maze's carving: the parameters that regenerate it, the grid it starts from (`walls` or `open`),
/// and its steps as `[fromRow, fromCol, toRow, toCol]` tile runs, row 0 at the top.
struct MazeCarvingJSON: Encodable {
    let seed: String
    let width: Int
    let height: Int
    let algorithm: String
    let initial: String
    let steps: [[Int]]

    init(_ carving: MazeCarving) {
        seed = String(carving.parameters.seed)
        width = carving.parameters.width
        height = carving.parameters.height
        algorithm = carving.parameters.algorithm.rawValue
        initial = carving.initial.rawValue
        steps = carving.steps.map { [$0.from.row, $0.from.col, $0.to.row, $0.to.col] }
    }
}
