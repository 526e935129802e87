import ArgumentParser

/// The `tessera` command: the server and a command group per app.
@main
struct Tessera: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "Tile-grid games and apps: a server, browser pages and terminal play.",
        version: TesseraVersion.string,
        subcommands: [Serve.self, TicTacToeCommand.self, PentominoCommand.self, MazeCommand.self, PostsCommand.self, RouterCommand.self, AccountsCommand.self, ClassesCommand.self, SchoolsCommand.self, BackupCommand.self, RestoreCommand.self]
    )
}
