import TicTacToeKit

/// TicTacToe in the terminal, driven through the same view model as every other front end:
/// this type only reads lines and prints the model's labels.
@MainActor
struct TerminalGame {
    let model: GameViewModel

    func run() throws {
        print("TicTacToe — moves as 'row col' (0–2 each) or a number 1–9 (1 = top left); 'q' quits.")
        guard askNames() else { return }
        model.start()
        print(model.namesText)
        while true {
            print(render())
            if !model.canMakeMove {
                print(model.winnerText)
                print("Play again? (y/n)", terminator: " ")
                guard let answer = readLine(), answer.lowercased().hasPrefix("y") else { return }
                model.start()
                continue
            }
            print(model.turnText, terminator: " › ")
            guard let line = readLine() else { return }
            let input = line.trimmedWhitespace
            if input == "q" || input == "quit" { return }
            guard let position = Position(moveText: input) else {
                print("'\(input.prefix(Position.maxMoveTextLength))' is not a move: type a row and column such as '1 2', a square such as 'b2', or a number 1–9.")
                continue
            }
            model.tap(row: position.row, col: position.col)
            if let message = model.message { print(message) }
        }
    }

    private func askNames() -> Bool {
        while !model.canStart {
            print("Name of player X:", terminator: " ")
            guard let first = readLine() else { return false }
            model.firstName = first
            if model.computer != nil {
                model.secondName = Match.computerName
            } else {
                print("Name of player O:", terminator: " ")
                guard let second = readLine() else { return false }
                model.secondName = second
            }
            if !model.canStart { print(GameViewModel.namesPrompt + " (both names need a letter).") }
        }
        return true
    }

    private func render() -> String { Self.boardText { model.mark(at: $0) } }

    /// The board as the terminal draws it (this game and `tictactoe join`'s): the marks, and in
    /// each free square the number that plays it.
    nonisolated static func boardText(mark: (Position) -> String) -> String {
        (0..<3).map { row in
            " " + (0..<3).map { col in
                let mark = mark(Position(row: row, col: col))
                return mark.isEmpty ? String(row * 3 + col + 1) : mark
            }.joined(separator: " │ ")
        }.joined(separator: "\n───┼───┼───\n")
    }
}
