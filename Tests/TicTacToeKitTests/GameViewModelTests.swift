import Testing
@testable import TicTacToeKit

@MainActor @Suite struct GameViewModelTests {
    @Test func startEnablesOnlyWhenBothNamesHaveText() {
        let model = GameViewModel()
        #expect(!model.canStart)
        model.firstName = "Ann"
        #expect(!model.canStart)
        model.secondName = "   "
        #expect(!model.canStart)
        model.secondName = "Bob"
        #expect(model.canStart)
        model.firstName = ""
        #expect(!model.canStart)
    }

    @Test func labelsBeforeAndAfterStart() {
        let model = GameViewModel()
        #expect(model.namesText == "Please enter names of players")
        #expect(model.turnText == "No active game")
        #expect(model.winnerText == "No winner yet")
        #expect(!model.canMakeMove)
        model.firstName = " Ann "
        #expect(model.namesText == "Please enter names of players", "one name is not enough")
        model.secondName = "Bob"
        #expect(model.namesText == "Ready: press Start")
        model.start()
        #expect(model.namesText == "Ann (X) vs Bob (O)")
        #expect(model.turnText == "Current turn: Ann (X)")
        #expect(model.winnerText == "No winner yet")
        #expect(model.canMakeMove)
        model.tap(row: 1, col: 1)
        #expect(model.turnText == "Current turn: Bob (O)")
        #expect(model.mark(at: Position(row: 1, col: 1)) == "X")
    }

    @Test func tapsBeforeStartAreIgnored() {
        let model = GameViewModel()
        model.tap(row: 0, col: 0)
        #expect(model.game == nil)
        #expect(model.message != nil)
    }

    @Test func tapOnMarkedCellIsIgnoredWithMessage() {
        let model = started()
        model.tap(row: 0, col: 0)
        model.tap(row: 0, col: 0)
        #expect(model.message == "Illegal move, (0, 0) is not empty.")
        #expect(model.turnText == "Current turn: Bob (O)")
        model.tap(row: 0, col: 1)
        #expect(model.message == nil)
    }

    @Test func winShowsWinnerAndIgnoresFurtherTaps() {
        let model = started()
        for (row, col) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] { model.tap(row: row, col: col) }
        #expect(model.winnerText == "The winner is Ann (X)")
        #expect(model.turnText == "Game over")
        #expect(!model.canMakeMove)
        model.tap(row: 2, col: 2)
        #expect(model.mark(at: Position(row: 2, col: 2)) == "")
        #expect(model.message == "The game is over. Press Start for a new game.")
    }

    @Test func drawIsAnnounced() {
        let model = started()
        for (row, col) in [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)] {
            model.tap(row: row, col: col)
        }
        #expect(model.winnerText == "It's a draw")
        #expect(!model.canMakeMove)
    }

    @Test func computerRepliesAtOnce() {
        let model = GameViewModel(computer: .perfect)
        model.firstName = "Ann"
        model.secondName = "Computer"
        model.start()
        model.tap(row: 0, col: 0)
        #expect(model.game?.moves.count == 2)
        #expect(model.turnText == "Current turn: Ann (X)")
    }

    private func started() -> GameViewModel {
        let model = GameViewModel()
        model.firstName = "Ann"
        model.secondName = "Bob"
        model.start()
        return model
    }
}
