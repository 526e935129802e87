import Hummingbird

/// Every route of the API in one table, beside `openapi.yaml`: method, path and the app's
/// handler. The apps' folders hold the handlers and what they need; this file is where a reader
/// (or a reviewer of who may do what: `AuthorizationMatrixTests`) sees the whole surface at once.
/// `OpenAPIContractTests` checks it against the document both ways.
struct APIRoutes<Context: CallerRequestContext>: Sendable {
    let tictactoe: TicTacToeRoutes<Context>
    let pentomino: PentominoRoutes<Context>
    let maze: MazeRoutes<Context>
    let posts: PostsRoutes<Context>
    let postMarks: PostMarksRoutes<Context>
    let origin: OriginRoutes<Context>
    let router: RouterRoutes<Context>
    let auth: AuthRoutes<Context>
    let classes: ClassRoutes<Context>
    let schools: SchoolRoutes<Context>
    let languages: LanguageRoutes<Context>

    func register(on routes: Router<Context>) {
        // Every page's words (`shared/words.js`).
        routes.get("api/languages", use: languages.list)
        routes.get("api/languages/:code", use: languages.catalogue)

        let games = routes.group("api/tictactoe/games")
        games.post(use: tictactoe.create)
        games.get(":id", use: tictactoe.show)
        games.post(":id/moves", use: tictactoe.move)
        games.post(":id/join", use: tictactoe.join)
        games.get(":id/seat", use: tictactoe.seat)
        games.get(":id/events", use: tictactoe.events)
        games.post(":id/rematch", use: tictactoe.rematch)
        games.post(":id/undo", use: tictactoe.undo)
        games.get(":id/analysis", use: tictactoe.analysis)

        let pentominoes = routes.group("api/pentomino")
        pentominoes.get("tiles", use: pentomino.tiles)
        pentominoes.get("boards", use: pentomino.boards)
        pentominoes.post("boards/count", use: pentomino.countDrawn)
        pentominoes.post("puzzles", use: pentomino.create)
        pentominoes.get("daily", use: pentomino.daily)
        pentominoes.post("daily", use: pentomino.playDaily)
        pentominoes.get("puzzles/:id", use: pentomino.show)
        pentominoes.post("puzzles/:id/placements", use: pentomino.place)
        pentominoes.delete("puzzles/:id/placements/:tile", use: pentomino.remove)
        pentominoes.post("puzzles/:id/reset", use: pentomino.reset)
        pentominoes.get("puzzles/:id/hint", use: pentomino.hint)
        pentominoes.get("puzzles/:id/stuck", use: pentomino.stuck)
        pentominoes.get("puzzles/:id/solutions", use: pentomino.solutions)

        let mazes = routes.group("api/maze")  // MazeWire has the paths clients use
        mazes.get("start", use: maze.start)
        mazes.post("mazes", use: maze.create)
        mazes.get("rooms/:id", use: maze.room)
        mazes.post("unlock", use: maze.unlock)
        mazes.get("tiles/:file", use: maze.tile)
        mazes.get("mazes/:seed/map", use: maze.map)
        mazes.get("explore", use: maze.explore)
        mazes.get("algorithms", use: maze.algorithms)
        mazes.get("carving", use: maze.carving)

        let reader = routes.group("api/posts")
        reader.get(use: posts.list)
        reader.get("status", use: posts.status)
        reader.get("events", use: posts.events)
        reader.post("sync", use: posts.startSync)
        reader.get("changes", use: posts.changes)
        reader.get(":id", use: posts.show)
        reader.delete(":id", use: posts.delete)
        reader.get("marks", use: postMarks.list)
        reader.put(":id/read", use: postMarks.markRead)
        reader.delete(":id/read", use: postMarks.markUnread)
        reader.put(":id/star", use: postMarks.star)
        reader.delete(":id/star", use: postMarks.unstar)
        reader.get("albums/:id/photos", use: posts.album)
        reader.get("photos/:id/:size", use: posts.photo)
        origin.register(on: routes)  // json-server's catch-all shape: see `OriginRoutes`

        let rapidRouter = routes.group("api/router")
        rapidRouter.get("episodes", use: router.episodes)
        rapidRouter.get("episodes/:number/guide", use: router.guide)
        rapidRouter.get("levels/:id/solution", use: router.solution)
        rapidRouter.put("levels/:id/solution", use: router.saveSolution)
        rapidRouter.post("levels", use: router.createLevel)
        rapidRouter.post("levels/import", use: router.importLevels)
        rapidRouter.get("levels/:id", use: router.level)
        rapidRouter.get("levels", use: router.people.list)
        rapidRouter.put("levels/:id", use: router.people.update)
        rapidRouter.delete("levels/:id", use: router.people.delete)
        rapidRouter.post("levels/:id/copy", use: router.people.copy)
        rapidRouter.put("levels/:id/sharing", use: router.people.sharing)
        rapidRouter.post("levels/:id/runs", use: router.run)
        rapidRouter.post("runs", use: router.runDraft)
        rapidRouter.post("exports", use: router.exportDraft)
        rapidRouter.get("levels/:id/export", use: router.export)
        rapidRouter.post("programs/python", use: router.pythonView)
        rapidRouter.get("players/:player/progress", use: router.playerProgress)
        rapidRouter.get("players/:player/programs/:id", use: router.savedPrograms)
        rapidRouter.get("players/:player/programs/:id/attempts/:n", use: router.attempt)
        rapidRouter.post("progress/claim", use: router.claimProgress)

        // Accounts: anyone may sign up or in; the rest need a session (`Sessions`).
        let accounts = routes.group("api/auth")
        accounts.post("teachers", use: auth.signUp)
        accounts.post("login", use: auth.login)
        accounts.post("logout", use: auth.logout)
        accounts.get("me", use: auth.me)
        accounts.get("classes/:code", use: auth.pictureClass)
        routes.get("c/:code", use: auth.classLink)
        accounts.put("password", use: auth.changePassword)
        accounts.get("totp", use: auth.twoStepStatus)
        accounts.post("totp", use: auth.beginTwoStep)
        accounts.post("totp/confirm", use: auth.confirmTwoStep)
        accounts.post("totp/off", use: auth.turnOffTwoStep)

        // A signed-in teacher's own classes only (another's answers 404).
        let teaching = routes.group("api/classes")
        teaching.get(use: classes.list)
        teaching.post(use: classes.create)
        teaching.patch(":id", use: classes.update)
        teaching.get(":id/pupils", use: classes.pupils)
        teaching.post(":id/pupils", use: classes.addPupils)
        teaching.delete(":id/pupils/:pupil", use: classes.removePupil)
        teaching.post(":id/pupils/:pupil/password", use: classes.resetPassword)
        teaching.post(":id/pupils/:pupil/move", use: classes.movePupil)
        teaching.post(":id/pupils/:pupil/unlock", use: classes.unlockPupil)
        teaching.post(":id/passwords", use: classes.resetClassPasswords)
        teaching.get(":id/scoreboard", use: classes.scoreboard)
        teaching.get(":id/scoreboard/events", use: classes.scoreboardEvents)
        teaching.get(":id/locks", use: classes.locks)
        teaching.put(":id/locks", use: classes.setLocks)
        teaching.get(":id/teachers", use: classes.teachers)
        teaching.post(":id/teachers", use: classes.addTeacher)
        teaching.delete(":id/teachers/:teacher", use: classes.removeTeacher)
        teaching.get(":id/activity", use: router.activity)
        teaching.get(":id/levels/:level/solutions", use: router.classSolutions)
        teaching.get(":id/levels/waiting", use: router.waitingLevels)
        teaching.post(":id/levels/:level/approve", use: router.approveLevel)
        teaching.post(":id/levels/:level/reject", use: router.rejectLevel)

        // A school's members only (another school answers 404); changes by its admins.
        let schooling = routes.group("api/schools")
        schooling.post(use: schools.create)
        schooling.post("join", use: schools.join)
        schooling.get(":id", use: schools.show)
        schooling.post(":id/invites", use: schools.invite)
        schooling.post(":id/teachers/:teacher/password", use: schools.resetPassword)
        schooling.put(":id/teachers/:teacher/admin", use: schools.setAdmin)
        schooling.delete(":id/teachers/:teacher", use: schools.removeTeacher)
        schooling.put(":id/classes/:class/teacher", use: schools.moveClass)
    }
}
