import ArgumentParser
import Foundation
import TicTacToeClient
import TicTacToeKit

extension TicTacToeCommand {
    /// `tessera tictactoe join URL`: an online game from the terminal, against a browser, live.
    struct Join: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play an online game against a browser, live.",
            discussion: """
                URL is the game's invite or address (http(s)://HOST:PORT/tictactoe/?game=ID or ?join=ID): \
                you take its free seat with --name. Or it is a seat link (…#seat=TOKEN), which the page \
                shows each player and this command prints: you play on in that seat. Type a move as the \
                number of a free square (1–9, as the board shows), a square such as b2, or a row and a \
                column from 0 such as '1 2'; 'q' leaves (the seat link brings you back). Exits 0 when \
                the game ends.
                """)

        @Argument(help: "The game's link, or your seat link.")
        var url: String

        @Option(help: "Your name, to take the free seat (at most 40 characters).")
        var name: String?

        func validate() throws {
            do {
                _ = try GameLink(parsing: url)
            } catch {
                throw ValidationError(error.description)
            }
            if let name, name.scalarCount > Match.maxNameLength || name.trimmedWhitespace.isEmpty {
                throw ValidationError("--name needs a name of 1 to \(Match.maxNameLength) characters.")
            }
        }

        func run() async throws {
            let link: GameLink
            do {
                link = try GameLink(parsing: url)
            } catch {
                throw ValidationError(error.description)
            }
            let input = TerminalLine.standardInput()
            let client = TicTacToeClient(server: link.server)
            let seated = try await Self.takeSeat(link, name: name, client: client, input: input)
            var game = OnlineTerminalGame(client: client, link: link, seat: seated.seat, game: seated.game)
            try await game.run(input: input)
        }

        /// The seat the link opens, or the free seat taken with a name; a clear message and a
        /// failure when neither can be had.
        static func takeSeat(_ link: GameLink, name: String?, client: TicTacToeClient,
                             input: AsyncStream<TerminalLine>) async throws -> (seat: OnlineTerminalGame.Seat, game: OnlineGame) {
            do {
                if let token = link.seatToken {
                    let game = try await client.seat(link.gameID, token: token)
                    guard let marker = game.marker else { throw failure("the server did not say which seat this is") }
                    return (.init(token: token, marker: marker), game)
                }
                let game = try await client.game(link.gameID)
                guard game.mode == .online else { throw failure("game \(link.gameID) is not an online game: it is played on one screen") }
                guard game.waitingForOpponent else {
                    throw failure("both seats of game \(link.gameID) are taken: open your seat link to play on, or open \(link.gameAddress) in a browser to watch")
                }
                let chosen: String
                if let name { chosen = name } else { chosen = try await askName(input) }
                let joined = try await client.join(link.gameID, name: chosen)
                guard let token = joined.token, let marker = joined.marker else { throw failure("the server did not give this terminal a seat") }
                return (.init(token: token, marker: marker), joined)
            } catch TicTacToeClientError.refused(status: 403, _, _) {
                throw failure("that seat link is not a seat of game \(link.gameID) (a seat link is the whole address, #seat=… included)")
            } catch TicTacToeClientError.refused(status: 404, _, _) {
                throw failure("game \(link.gameID) is not on \(link.server) (games are removed some time after they end)")
            } catch TicTacToeClientError.refused(status: 409, "game_full", _) {
                throw failure("someone took the free seat of game \(link.gameID) first")
            } catch TicTacToeClientError.unreachable(let reason) {
                throw failure("cannot reach \(link.server) (\(reason)); is the address right, and the server running?")
            } catch let error as TicTacToeClientError {
                throw failure(error.description)
            }
        }

        /// Asks for a name on the terminal until one is typed (the same rules as the page's).
        static func askName(_ input: AsyncStream<TerminalLine>) async throws -> String {
            var lines = input.makeAsyncIterator()
            while true {
                sayNow("Your name:")
                switch await lines.next() {
                case .line(let text):
                    let name = text.trimmedWhitespace
                    if !name.isEmpty, name.scalarCount <= Match.maxNameLength { return name }
                    sayNow("A name has 1 to \(Match.maxNameLength) characters.")
                case .tooLong:
                    sayNow("A name has 1 to \(Match.maxNameLength) characters.")
                case .end, nil:
                    throw failure("no name was given (use --name NAME)")
                }
            }
        }

        static func failure(_ message: String) -> ExitCode {
            ProgressLine.fail(message)
            return ExitCode.failure
        }
    }
}
