import Languages

// The words a run ends with. Children (7–11) read them beside the map, and the map shows no
// coordinates, so every sentence says where in the map's own terms: how many moves the van made,
// how many road squares it is from the house. Programs that want positions read the outcome's
// `position` and `delivered` and the events' `at`/`into`/`source` fields, never the message.
//
// "Squares" count as the child counts moves: the van waits with its nose on the edge of the
// square it is about to cross (`VanSimulation.currentCoordinate`), and each move crosses one, so
// "2 squares before the house" means two more moves reach it.

/// How far the nearest house still waiting for a parcel is, along the road.
public struct HouseDistance: Hashable, Sendable {
    /// Squares the van still has to cross to get there (0: it is there now).
    public var squares: Int
    /// True when a shortest road there carries on the way the van faces; false when the van would
    /// have to turn back (it went the wrong way, or past the house).
    public var onTheWay: Bool
    /// How many houses are waiting in all (the words differ for one house and for several).
    public var waiting: Int

    public init(squares: Int, onTheWay: Bool, waiting: Int) {
        self.squares = squares
        self.onTheWay = onTheWay
        self.waiting = waiting
    }
}

/// What a run ended with, and where: the engine records this, and `RunWords` says it in the
/// language asked for (`RunMessage.phrase` below picks the catalogue phrase that fits).
public enum RunMessage: Hashable, Sendable {
    /// Nothing more specific is known (`RunFailure.defaultMessage`).
    case standard(RunFailure)
    case crash(action: VanAction, movesDone: Int)
    case cow(CowKind, movesDone: Int)
    case fuel(movesDone: Int, idle: Int, distance: HouseDistance?, electric: Bool)
    case redLight(movesDone: Int)
    case deliver(again: Bool, distance: HouseDistance?)
    case end(movesDone: Int, distance: HouseDistance?, passed: Bool)
    case undelivered(waiting: Int, total: Int, passed: Int, distance: HouseDistance?)
    /// Success: `houses` got their parcels (1: the van stopped at the only house).
    case delivered(houses: Int)
}

/// Says a `RunMessage` in a language: the words are the catalogues' (`run.*` in
/// `Languages/catalogues/<code>/run.json`); this file only decides which phrase fits.
public enum RunWords {
    public static func text(_ message: RunMessage, in language: TextLanguage) -> String {
        Catalogues.current.text(message.phrase, language: language.rawValue)
    }
}

extension RunFailure {
    /// Used when nothing more specific is known (`VanSimulation.stop` without a message), in English.
    public var defaultMessage: String { RunWords.text(.standard(self), in: .english) }

    /// The catalogue key of the words for a failure with nothing more specific known.
    var phraseKey: String {
        switch self {
        case .crash: "run.standard.crash"
        case .collisionWithCow: "run.standard.cow"
        case .outOfFuel: "run.standard.fuel"
        case .throughRedLight: "run.standard.redLight"
        case .deliverAtNonDestination: "run.standard.noHouse"
        case .outOfInstructions: "run.standard.outOfInstructions"
        case .undeliveredDestinations: "run.standard.undelivered"
        case .queryInfiniteLoop: "run.standard.tooLong"
        case .compileError: "run.standard.compileError"
        case .detachedBlocks: "run.standard.detachedBlocks"
        }
    }
}

extension RunMessage {
    /// What to say, as a catalogue phrase: the choice of words (which sentence fits the numbers) is
    /// made here, in no language; plurals and word order are the catalogue's.
    public var phrase: Phrase {
        switch self {
        case .standard(let failure): return Phrase(failure.phraseKey)
        case .crash(let action, let movesDone):
            let way = switch action {
            case .turnLeft: "run.way.left"
            case .turnRight: "run.way.right"
            case .turnAround: "run.way.behind"
            case .moveForwards, .wait, .deliver, .soundHorn: "run.way.ahead"
            }
            return Phrase("run.crash", ["when": .phrase(Self.when(movesDone, start: "run.when.firstMove")), "way": .phrase(Phrase(way))])
        case .cow(let kind, let movesDone):
            return Phrase(kind == .pigeon ? "run.pigeons" : "run.cow", ["when": .phrase(Self.when(movesDone))])
        case .fuel(let movesDone, let idle, let distance, let electric):
            let arguments: [String: Phrase.Argument] = [
                "ran": .phrase(Phrase(electric ? "run.fuel.battery" : "run.fuel.fuel")),
                "advice": .phrase(Phrase(idle > 0 ? "run.fuel.adviceIdle" : "run.fuel.adviceShorter")),
                "moves": .number(movesDone),
            ]
            if movesDone <= 0 { return Phrase("run.fuel.noMoves", arguments) }
            guard let distance else { return Phrase("run.fuel.moved", arguments) }
            return Phrase("run.fuel.movedAt", arguments.merging(["place": .phrase(Self.place(distance))]) { $1 })
        case .redLight(let movesDone): return Phrase("run.redLight", ["when": .phrase(Self.when(movesDone))])
        case .deliver(let again, let distance):
            if again { return Phrase("run.deliver.again") }
            guard let distance else { return Phrase("run.deliver.nowhere") }
            return Phrase("run.deliver.notAHouse", ["place": .phrase(Self.place(distance))])
        case .end(let movesDone, let distance, let passed):
            guard let distance else { return Phrase(RunFailure.outOfInstructions.phraseKey) }
            let squares: [String: Phrase.Argument] = ["squares": .number(distance.squares)]
            if passed { return Phrase(distance.onTheWay ? "run.end.passedWithoutStopping" : "run.end.passed", squares) }
            if movesDone == 0 { return Phrase("run.end.didNotMove", squares) }
            return Phrase(distance.onTheWay ? "run.end.stoppedShort" : "run.end.wrongWay", squares)
        case .undelivered(let waiting, let total, let passed, let distance):
            return Self.undelivered(waiting: waiting, total: total, passed: passed, distance: distance)
        case .delivered(let houses): return Phrase("run.delivered", ["houses": .number(houses)])
        }
    }

    /// "after 3 moves": when it happened, counted in moves the child can see (turns count, waits
    /// don't). Before any move: `start` ("on its very first move" for a crash, which is always a
    /// move; "right at the start" for a cow or a light, which a wait can meet too).
    static func when(_ movesDone: Int, start: String = "run.when.start") -> Phrase {
        movesDone <= 0 ? Phrase(start) : Phrase("run.when.after", ["moves": .number(movesDone)])
    }

    /// "2 squares before the house", "3 squares away from a house that is still waiting", …
    static func place(_ distance: HouseDistance) -> Phrase {
        let arguments: [String: Phrase.Argument] = ["squares": .number(distance.squares), "waiting": .number(distance.waiting)]
        if distance.squares == 0 { return Phrase("run.place.there", arguments) }
        return Phrase(distance.onTheWay ? "run.place.before" : "run.place.away", arguments)
    }

    /// The program ran out with houses still waiting (levels with several houses): what is waiting,
    /// where the van is or what it passed, and what to do.
    static func undelivered(waiting: Int, total: Int, passed: Int, distance: HouseDistance?) -> Phrase {
        let head = waiting == total ? Phrase("run.undelivered.all", ["total": .number(total)])
            : Phrase("run.undelivered.some", ["waiting": .number(waiting)])
        if let distance, distance.squares == 0 {
            return Phrase("run.sentences", ["first": .phrase(head), "second": .phrase(Phrase("run.undelivered.atOne", ["waiting": .number(waiting)]))])
        }
        let middle: Phrase? = if passed > 0 {
            passed < waiting ? Phrase("run.undelivered.passedSome", ["passed": .number(passed)])
                : Phrase("run.undelivered.passedAll", ["waiting": .number(waiting)])
        } else if let distance {
            Phrase("run.undelivered.nearest", ["squares": .number(distance.squares)])
        } else {
            nil
        }
        let tail = Phrase("run.undelivered.stopAtEach")
        guard let middle else { return Phrase("run.sentences", ["first": .phrase(head), "second": .phrase(tail)]) }
        return Phrase("run.sentences", ["first": .phrase(Phrase("run.sentences", ["first": .phrase(head), "second": .phrase(middle)])),
                                        "second": .phrase(tail)])
    }
}
