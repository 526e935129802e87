import ArgumentParser
import Foundation
import TicTacToeClient
import TicTacToeKit

/// An online game played from the terminal: the live updates and the player's lines arrive on one
/// queue, so the other player's move is drawn as soon as the server tells, even while the terminal
/// waits for a line. The server applies every rule; this prints the board and reads moves.
struct OnlineTerminalGame {
    struct Seat {
        let token: String
        let marker: Marker
    }

    /// What can happen next.
    private enum Happening: Sendable {
        case game(OnlineGame)
        case typed(TerminalLine)
        case liveStopped(any Error)
    }

    let client: TicTacToeClient
    let link: GameLink
    let seat: Seat
    private(set) var game: OnlineGame

    init(client: TicTacToeClient, link: GameLink, seat: Seat, game: OnlineGame) {
        self.client = client
        self.link = link
        self.seat = seat
        self.game = game
    }

    /// How often in a row the live updates may drop before the command gives up.
    static let reconnects = 3

    mutating func run(input: AsyncStream<TerminalLine>) async throws {
        let me = game.player(seat.marker)?.name ?? seat.marker.symbol
        sayNow("TicTacToe online: game \(game.id) on \(link.server). You are \(me) and play \(seat.marker.symbol).")
        sayNow("Your seat link (keep it private; open it in a browser or here to play on in this seat):")
        sayNow("  \(link.seatLink(token: seat.token))")
        sayNow("Type the number of a free square (1–9), a square such as b2, or a row and a column from 0 such as '1 2'; 'q' leaves.")
        show()
        if game.status != .playing { return }

        let (happenings, queue) = AsyncStream.makeStream(of: Happening.self)
        let live = Task { [client, id = game.id] in await Self.follow(client, id, into: queue) }
        let typing = Task {
            for await line in input { queue.yield(.typed(line)) }
        }
        defer {
            live.cancel()
            typing.cancel()
        }
        for await happening in happenings {
            switch happening {
            case .game(let next):
                update(next)
            case .typed(.line(let text)):
                if text.trimmedWhitespace == "q" || text.trimmedWhitespace == "quit" {
                    sayNow("You left the game; your seat link brings you back.")
                    return
                }
                try await play(text)
            case .typed(.tooLong):
                sayNow("That line is too long to be a move.")
            case .typed(.end):
                throw failure("the input ended before the game did; your seat link plays on: \(link.seatLink(token: seat.token))")
            case .liveStopped(let error):
                throw failure("live updates stopped (\(error)); your seat link plays on: \(link.seatLink(token: seat.token))")
            }
            if game.status != .playing { return }
        }
    }

    /// Follows the game's live updates, reconnecting after a drop a few times in a row.
    private static func follow(_ client: TicTacToeClient, _ id: String, into queue: AsyncStream<Happening>.Continuation) async {
        var failures = 0
        while !Task.isCancelled {
            do {
                for try await game in client.events(id) {
                    failures = 0
                    queue.yield(.game(game))
                }
                throw TicTacToeClientError.unreachable("the server ended the stream")
            } catch {
                if Task.isCancelled { return }
                failures += 1
                if failures > reconnects || !Self.worthRetrying(error) {
                    queue.yield(.liveStopped(error))
                    return
                }
                try? await Task.sleep(for: .seconds(failures))
            }
        }
    }

    private static func worthRetrying(_ error: any Error) -> Bool {
        guard case TicTacToeClientError.refused(let status, _, _) = error else { return true }
        return status == 429 || status >= 500
    }

    private mutating func play(_ text: String) async throws {
        let text = text.trimmedWhitespace
        if text.isEmpty { return show() }
        guard !game.waitingForOpponent else { return sayNow("Waiting for an opponent to join.") }
        guard game.turn == seat.marker else {
            return sayNow("Not your turn: waiting for \(label(game.turn.flatMap(game.player)))’s move.")
        }
        guard let position = Position(moveText: text) else {
            return sayNow("'\(text.prefix(Position.maxMoveTextLength))' is not a move: type the number of a free square (1–9), a square such as b2, or a row and a column such as '1 2'.")
        }
        guard game.mark(at: position).isEmpty else { return sayNow("That square is taken: choose a free one.") }
        do {
            update(try await client.move(game.id, at: position, token: seat.token))
        } catch TicTacToeClientError.refused(_, _, let message) {
            sayNow(message)
        } catch {
            throw failure("\(error); your seat link plays on: \(link.seatLink(token: seat.token))")
        }
    }

    /// Shows a newer version of the game (answers and events can cross: an older one is dropped).
    private mutating func update(_ next: OnlineGame) {
        guard next.id == game.id, next.version >= game.version else { return }
        let changed = next.board != game.board || next.turn != game.turn || next.status != game.status
            || next.players != game.players
        game = next
        if changed { show() }
    }

    private func show() {
        sayNow("")
        sayNow(TerminalGame.boardText { game.mark(at: $0) })
        let names = [Marker.cross, .circle].map { label(game.player($0)) }
        sayNow("\(names[0]) vs \(names[1])")
        switch game.status {
        case .won:
            sayNow(game.winner == seat.marker ? "You win!" : "\(label(game.winner.flatMap(game.player))) wins.")
        case .draw:
            sayNow("It's a draw.")
        case .playing:
            if game.waitingForOpponent {
                sayNow("Waiting for an opponent to join.")
            } else if game.turn == seat.marker {
                sayNow("Your move (\(seat.marker.symbol)):")
            } else {
                sayNow("Waiting for \(label(game.turn.flatMap(game.player)))’s move.")
            }
        }
    }

    private func label(_ player: Player?) -> String { player?.label ?? "…" }

    private func failure(_ message: String) -> ExitCode {
        ProgressLine.fail(message)
        return ExitCode.failure
    }
}
