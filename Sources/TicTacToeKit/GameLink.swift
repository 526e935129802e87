import Foundation

/// An online game's link as the page shows it: the invite (`/tictactoe/?join=ID`), the game's
/// address (`/tictactoe/?game=ID`) or a player's seat link (`/tictactoe/?game=ID#seat=TOKEN`).
/// The seat's token rides in the fragment so it never reaches a server's or proxy's logs. The
/// terminal opens these links to play against a browser; the rules for reading one live here, once.
public struct GameLink: Sendable, Hashable {
    /// Longer than any link the page makes, short enough that a pasted file is refused at once.
    public static let maxLength = 2048
    public static let maxIDLength = 64
    public static let maxTokenLength = 256

    /// The server's root, `http(s)://host[:port]`, without a trailing slash.
    public let server: String
    public let gameID: String
    /// The seat's secret from a seat link; nil for an invite or a game's address.
    public let seatToken: String?

    public init(server: String, gameID: String, seatToken: String? = nil) {
        self.server = server.hasSuffix("/") ? String(server.dropLast()) : server
        self.gameID = gameID
        self.seatToken = seatToken
    }

    /// Reads a link a person pasted (white space around it is ignored).
    public init(parsing text: String) throws(GameLinkError) {
        guard text.utf8.count <= Self.maxLength else { throw .tooLong }
        let text = text.trimmedWhitespace
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
              Self.isHostText(host) else { throw .notAWebAddress }
        guard ["/tictactoe/", "/tictactoe", "/tictactoe/index.html"].contains(url.path) else { throw .notTicTacToe }
        let items = url.queryItems ?? []
        let value = (items.first { $0.name == "game" } ?? items.first { $0.name == "join" })?.value
        guard let id = value, Self.isPlain(id, maxLength: Self.maxIDLength) else { throw .noGame }
        var token: String?
        if let fragment = url.fragment, !fragment.isEmpty {
            let seat = fragment.split(separator: "&").first { $0.hasPrefix("seat=") }.map { String($0.dropFirst("seat=".count)) }
            if let seat {
                guard Self.isPlain(seat, maxLength: Self.maxTokenLength) else { throw .badSeat }
                token = seat
            }
        }
        // An IPv6 address keeps its brackets in a URL.
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let port = url.port.map { ":\($0)" } ?? ""
        self.init(server: "\(scheme)://\(hostPart)\(port)", gameID: id, seatToken: token)
    }

    /// The seat link for `token`: opened on any device (a browser or `tessera tictactoe join`),
    /// it plays on in that seat.
    public func seatLink(token: String) -> String {
        "\(server)/tictactoe/?game=\(gameID)#seat=\(token)"
    }

    /// The game's address, for a browser to watch it.
    public var gameAddress: String { "\(server)/tictactoe/?game=\(gameID)" }

    /// Ids and tokens are letters, digits, `-` and `_` (what the server makes), so they go into
    /// a path or a header as they are.
    static func isPlain(_ text: String, maxLength: Int) -> Bool {
        !text.isEmpty && text.utf8.count <= maxLength
            && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }

    private static func isHostText(_ host: String) -> Bool {
        host.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && !"/?#@\\".unicodeScalars.contains($0) }
    }
}

/// Why a link is not one of an online game's links.
public enum GameLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLong
    case notAWebAddress
    case notTicTacToe
    case noGame
    case badSeat

    public var description: String {
        switch self {
        case .tooLong: "The link is longer than \(GameLink.maxLength) characters: that is not a game's link."
        case .notAWebAddress: "That is not a web address: a game's link starts with http:// or https://."
        case .notTicTacToe: "That is not a TicTacToe link: its path should be /tictactoe/."
        case .noGame: "The link names no game: it should end in ?game=ID or ?join=ID."
        case .badSeat: "The seat in the link (#seat=…) is not a seat's secret."
        }
    }
}
