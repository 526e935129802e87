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
/// language asked for (English below in this file, Spanish in RunWordsSpanish.swift).
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

/// Says a `RunMessage` in a language: one function per language, each in its own file.
public enum RunWords {
    public static func text(_ message: RunMessage, in language: TextLanguage) -> String {
        switch language {
        case .english: english(message)
        case .spanish: spanish(message)
        }
    }

    static func english(_ message: RunMessage) -> String {
        typealias E = VanSimulation
        switch message {
        case .standard(let failure): return failure.defaultMessage
        case .crash(let action, let movesDone): return E.crashMessage(action: action, movesDone: movesDone)
        case .cow(let kind, let movesDone): return E.cowMessage(kind, movesDone: movesDone)
        case .fuel(let movesDone, let idle, let distance, let electric):
            return E.fuelMessage(movesDone: movesDone, idle: idle, distance: distance, electric: electric)
        case .redLight(let movesDone): return E.redLightMessage(movesDone: movesDone)
        case .deliver(let again, let distance): return E.deliverMessage(again: again, distance: distance)
        case .end(let movesDone, let distance, let passed): return E.endMessage(movesDone: movesDone, distance: distance, passed: passed)
        case .undelivered(let waiting, let total, let passed, let distance):
            return E.undeliveredMessage(waiting: waiting, of: total, passed: passed, distance: distance)
        case .delivered(let houses):
            return houses == 1 ? "Delivered! The van stopped at the house." : "Delivered! All \(houses) houses got their parcels."
        }
    }
}

extension RunFailure {
    /// Used when nothing more specific is known (`VanSimulation.stop` without a message).
    public var defaultMessage: String {
        switch self {
        case .crash: "The van crashed: there was no road where it tried to go."
        case .collisionWithCow: "The van ran into a cow! Sound the horn to move it off the road."
        case .outOfFuel: "The van ran out of fuel. Try to find a shorter route."
        case .throughRedLight: "The van drove through a red light! Wait for green before driving on."
        case .deliverAtNonDestination: "There is no house here to deliver to."
        case .outOfInstructions: "The program ended before the van reached the house. Add more moves to finish the journey."
        case .undeliveredDestinations: "Some houses are still waiting for a delivery. Visit each one and deliver there."
        case .queryInfiniteLoop: "Your program ran for a very long time without finishing. Check your loops."
        case .compileError: "Oh dear! Something in your program needs fixing before the van can start."
        case .detachedBlocks: "Make sure your blocks are connected to the Start block."
        }
    }
}

extension VanSimulation {
    static func count(_ n: Int, _ thing: String) -> String { n == 1 ? "1 \(thing)" : "\(n) \(thing)s" }

    /// "after 3 moves": when it happened, counted in moves the child can see (turns count, waits
    /// don't). Before any move: `start` ("on its very first move" for a crash, which is always a
    /// move; "right at the start" for a cow or a light, which a wait can meet too).
    static func when(movesDone: Int, start: String = "right at the start") -> String {
        movesDone <= 0 ? start : "after \(count(movesDone, "move"))"
    }

    /// "2 squares before the house", "3 squares away from a house that is still waiting", …
    static func place(_ distance: HouseDistance) -> String {
        let one = distance.waiting == 1
        if distance.squares == 0 { return one ? "right at the house" : "right at a house that is still waiting" }
        let squares = count(distance.squares, "square")
        if distance.onTheWay { return "\(squares) before \(one ? "the house" : "a house that is still waiting")" }
        return "\(squares) away from \(one ? "the house" : "the nearest house that is still waiting")"
    }

    static func crashMessage(action: VanAction, movesDone: Int) -> String {
        let way = switch action {
        case .turnLeft: "to its left"
        case .turnRight: "to its right"
        case .turnAround: "behind it"
        case .moveForwards, .wait, .deliver, .soundHorn: "ahead of it"
        }
        return "The van drove off the road and crashed \(when(movesDone: movesDone, start: "on its very first move")):"
            + " there is no road \(way) there."
            + " Follow the road on the map to see which way it goes."
    }

    static func cowMessage(_ kind: CowKind, movesDone: Int) -> String {
        kind == .pigeon
            ? "The van ran into pigeons \(when(movesDone: movesDone))! Sound the horn to make them fly away."
            : "The van ran into a cow \(when(movesDone: movesDone))! Sound the horn to move it off the road."
    }

    /// `idle`: fuel spent standing still (waits and the horn), which a child may not expect.
    static func fuelMessage(movesDone: Int, idle: Int, distance: HouseDistance?, electric: Bool) -> String {
        let ran = electric ? "The van's battery ran out of charge" : "The van ran out of fuel"
        let when = movesDone <= 0 ? "before it had moved at all" : "after \(count(movesDone, "move"))"
        let place = movesDone <= 0 ? "" : distance.map { ", \(Self.place($0))" } ?? ""
        let advice = idle > 0 ? "Waiting and sounding the horn use fuel too: only wait when you need to."
            : "Try to find a shorter route."
        return "\(ran) \(when)\(place). \(advice)"
    }

    static func redLightMessage(movesDone: Int) -> String {
        "The van drove through a red light \(when(movesDone: movesDone))! Wait until it turns green, then drive on."
    }

    static func deliverMessage(again: Bool, distance: HouseDistance?) -> String {
        if again { return "This house already has its parcel. Deliver only once to each house." }
        guard let distance else { return "There is no house here to deliver to. Deliver when the van is at a house." }
        return "The van tried to deliver \(place(distance)), but there is no house there. Deliver when the van is at a house."
    }

    /// The program ran out with the only house not reached.
    static func endMessage(movesDone: Int, distance: HouseDistance?, passed: Bool) -> String {
        guard let distance else {
            return "The program ended before the van reached the house. Add more moves to finish the journey."
        }
        let squares = count(distance.squares, "square")
        if passed {
            return distance.onTheWay
                ? "The van drove past the house without stopping there. Make it stop at the house."
                : "The van drove \(squares) past the house. Make it stop at the house."
        }
        if movesDone == 0 { return "The van didn't move! The house is \(squares) away: add moves to drive it there." }
        return distance.onTheWay
            ? "The van stopped \(squares) before the house. Add more moves to finish the journey."
            : "The van went the wrong way: it stopped \(squares) away from the house. Find the road that leads to the house."
    }

    /// The program ran out with houses still waiting (levels with several houses).
    static func undeliveredMessage(waiting: Int, of total: Int, passed: Int, distance: HouseDistance?) -> String {
        let head = if waiting == total {
            total == 2 ? "Both houses are still waiting for their parcels." : "All \(total) houses are still waiting for their parcels."
        } else {
            waiting == 1 ? "1 house is still waiting for its parcel." : "\(waiting) houses are still waiting for their parcels."
        }
        if let distance, distance.squares == 0 {
            return head + (waiting == 1 ? " The van is at that house now: deliver there!" : " The van is at one of them now: deliver there!")
        }
        let middle: String
        if passed > 0 {
            let which = passed < waiting ? (passed == 1 ? "one of them" : "\(passed) of them")
                : waiting == 1 ? "it" : waiting == 2 ? "both of them" : "all of them"
            middle = " The van drove past \(which) without delivering."
        } else if let distance {
            middle = " The nearest one is \(count(distance.squares, "square")) away."
        } else {
            middle = ""
        }
        return head + middle + " Stop at each house and deliver there."
    }
}
