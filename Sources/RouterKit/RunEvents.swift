/// What a run produces: the failure kinds, the outcome, and the events a page animates.

/// Why a run failed. JSON: the raw values below (snake_case); `originalName` is Rapid Router's
/// name for the same failure.
public enum RunFailure: String, Codable, Sendable, CaseIterable {
    case crash
    case collisionWithCow = "collision_with_cow"
    case outOfFuel = "out_of_fuel"
    case throughRedLight = "through_red_light"
    case deliverAtNonDestination = "deliver_at_non_destination"
    case outOfInstructions = "out_of_instructions"
    case undeliveredDestinations = "undelivered_destinations"
    case queryInfiniteLoop = "query_infinite_loop"
    case compileError = "compile_error"
    case detachedBlocks = "detached_blocks"

    public var originalName: String { rawValue.uppercased() }
}

/// How a run ended. JSON keys as the properties; `failingBlock` is the block id as a string.
/// `failure` and `failingBlock` are explicit nulls on success (and `failingBlock` for
/// end-of-program failures, which no block caused).
public struct RunOutcome: Hashable, Codable, Sendable {
    public var success: Bool
    public var failure: RunFailure?
    /// A child-friendly sentence naming what happened and where.
    public var message: String
    public var failingBlock: BlockID?
    /// May be −1: the original lets a van with an empty tank make one more move.
    public var fuelLeft: Int
    public var maxFuel: Int
    /// Actions performed successfully.
    public var actions: Int
    /// Where the van stands at the end.
    public var position: Coordinate
    /// Houses delivered to (by `deliver`, or by stopping at the only house), in delivery order.
    public var delivered: [Coordinate]

    public init(success: Bool, failure: RunFailure?, message: String, failingBlock: BlockID?, fuelLeft: Int,
                maxFuel: Int, actions: Int, position: Coordinate, delivered: [Coordinate]) {
        self.success = success
        self.failure = failure
        self.message = message
        self.failingBlock = failingBlock
        self.fuelLeft = fuelLeft
        self.maxFuel = maxFuel
        self.actions = actions
        self.position = position
        self.delivered = delivered
    }

    private enum CodingKeys: String, CodingKey {
        case success, failure, message, failingBlock, fuelLeft, maxFuel, actions, position, delivered
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        success = try container.decode(Bool.self, forKey: .success)
        failure = try container.decodeIfPresent(RunFailure.self, forKey: .failure)
        message = try container.decode(String.self, forKey: .message)
        failingBlock = try container.decodeIfPresent(String.self, forKey: .failingBlock).map(BlockID.init)
        fuelLeft = try container.decode(Int.self, forKey: .fuelLeft)
        maxFuel = try container.decode(Int.self, forKey: .maxFuel)
        actions = try container.decode(Int.self, forKey: .actions)
        position = try container.decode(Coordinate.self, forKey: .position)
        delivered = try container.decode([Coordinate].self, forKey: .delivered)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(success, forKey: .success)
        try container.encode(failure, forKey: .failure)  // explicit null
        try container.encode(message, forKey: .message)
        try container.encode(failingBlock?.value, forKey: .failingBlock)  // a string or an explicit null
        try container.encode(fuelLeft, forKey: .fuelLeft)
        try container.encode(maxFuel, forKey: .maxFuel)
        try container.encode(actions, forKey: .actions)
        try container.encode(position, forKey: .position)
        try container.encode(delivered, forKey: .delivered)
    }
}

/// One thing that happened during a run, for animation. JSON is flat:
/// `{"type": "move", "step": 3, "time": 3, "block": "b7", …payload fields…}`.
/// - `step`: which `perform` call caused it (1-based; end events carry the number of calls so far).
/// - `time`: the van's clock *after* the event. Each successful move, wait, horn or delivery, and
///   a crash, advances it by one; light changes share the time of the action that ticked them,
///   so a page plays events with equal `time` together.
/// - `block`: the block (or Python line) that ran, `null` when none did (the end of the program).
public struct RunEvent: Hashable, Sendable {
    public var step: Int
    public var time: Int
    public var block: BlockID?
    public var kind: Kind

    public init(step: Int, time: Int, block: BlockID?, kind: Kind) {
        self.step = step
        self.time = time
        self.block = block
        self.kind = kind
    }

    public enum Kind: Hashable, Sendable {
        /// `"move"`: forwards, a turn or turning around, from one tile to the next.
        case move(Move)
        /// `"wait"` and `"horn"`: the van stays where it is (and uses fuel).
        case wait(Stay)
        case horn(Stay)
        /// `"deliver"`: a parcel left at a house.
        case deliver(Delivery)
        /// `"crash"`: off the road or into a cow; an `"end"` event follows.
        case crash(Crash)
        /// `"light"`: a traffic light changed colour.
        case light(LightChange)
        /// `"cow_leaves"`: the horn sent a cow (or pigeons) off the road.
        case cowLeaves(CowLeaving)
        /// `"end"`: the run is over, successfully or not; always the last event.
        case end(End)

        public var type: String {
            switch self {
            case .move: "move"
            case .wait: "wait"
            case .horn: "horn"
            case .deliver: "deliver"
            case .crash: "crash"
            case .light: "light"
            case .cowLeaves: "cow_leaves"
            case .end: "end"
            }
        }
    }
}

extension RunEvent {
    /// `from` and `to` are the tiles the van leaves and enters; `fromHeading`/`heading` its direction
    /// before and after (a turn's arc can be drawn from them). `fuelPercent` is 0…100 for the gauge.
    public struct Move: Hashable, Codable, Sendable {
        public var action: VanAction
        public var from: Coordinate
        public var to: Coordinate
        public var fromHeading: Heading
        public var heading: Heading
        public var fuel: Int
        public var fuelPercent: Int
    }

    public struct Stay: Hashable, Codable, Sendable {
        public var at: Coordinate
        public var heading: Heading
        public var fuel: Int
        public var fuelPercent: Int
    }

    /// `destination` indexes `Level.destinations`; `remaining` counts houses still waiting.
    public struct Delivery: Hashable, Codable, Sendable {
        public var at: Coordinate
        public var destination: Int
        public var remaining: Int
    }

    /// The van at `at` facing `heading` tried `action` and hit `into`: the square with no road (it may
    /// be off the grid) or the cow's square.
    public struct Crash: Hashable, Codable, Sendable {
        public var failure: RunFailure
        public var action: VanAction
        public var at: Coordinate
        public var heading: Heading
        public var into: Coordinate
        public var fuel: Int
        public var fuelPercent: Int
    }

    /// `light` indexes `Level.trafficLights`.
    public struct LightChange: Hashable, Codable, Sendable {
        public var light: Int
        public var source: Coordinate
        public var direction: Heading
        public var colour: LightColour
    }

    public struct CowLeaving: Hashable, Codable, Sendable {
        public var at: Coordinate
        public var kind: CowKind
    }

    /// The outcome in brief; `failure` is an explicit null on success.
    public struct End: Hashable, Codable, Sendable {
        public var success: Bool
        public var failure: RunFailure?
        public var message: String

        private enum CodingKeys: String, CodingKey { case success, failure, message }

        public init(success: Bool, failure: RunFailure?, message: String) {
            self.success = success
            self.failure = failure
            self.message = message
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(success, forKey: .success)
            try container.encode(failure, forKey: .failure)
            try container.encode(message, forKey: .message)
        }
    }
}

extension RunEvent: Codable {
    private enum CodingKeys: String, CodingKey { case type, step, time, block }

    // The payload's fields sit beside the common ones: both containers share the one JSON object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        step = try container.decode(Int.self, forKey: .step)
        time = try container.decode(Int.self, forKey: .time)
        block = try container.decodeIfPresent(String.self, forKey: .block).map(BlockID.init)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "move": kind = .move(try Move(from: decoder))
        case "wait": kind = .wait(try Stay(from: decoder))
        case "horn": kind = .horn(try Stay(from: decoder))
        case "deliver": kind = .deliver(try Delivery(from: decoder))
        case "crash": kind = .crash(try Crash(from: decoder))
        case "light": kind = .light(try LightChange(from: decoder))
        case "cow_leaves": kind = .cowLeaves(try CowLeaving(from: decoder))
        case "end": kind = .end(try End(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown event type \(type)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind.type, forKey: .type)
        try container.encode(step, forKey: .step)
        try container.encode(time, forKey: .time)
        try container.encode(block?.value, forKey: .block)  // the id as a string, or an explicit null
        switch kind {
        case .move(let payload): try payload.encode(to: encoder)
        case .wait(let payload), .horn(let payload): try payload.encode(to: encoder)
        case .deliver(let payload): try payload.encode(to: encoder)
        case .crash(let payload): try payload.encode(to: encoder)
        case .light(let payload): try payload.encode(to: encoder)
        case .cowLeaves(let payload): try payload.encode(to: encoder)
        case .end(let payload): try payload.encode(to: encoder)
        }
    }
}
