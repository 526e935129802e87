/// What can go wrong in storage itself, whatever the backend, in storage's own words. The
/// server decides the HTTP answer for each case in one place (`StoreError+API.swift`); the CLI
/// prints the description. Errors thrown by a kit inside an update (a move onto a taken cell)
/// are not wrapped: they reach the caller as the kit threw them.
package enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing is stored under this id ("Game 'abc'").
    case notFound(String)
    /// Something with this id is already stored (two inserts of one id: the second one fails).
    case duplicateID(String)
    /// A teacher account with this email already exists (emails are compared case-insensitively).
    case emailTaken
    /// Another class already has this code (codes are drawn at random; draw again).
    case classCodeTaken
    /// Another pupil of the class has this name (pupils sign in by class code and name).
    case pupilNameTaken(String)
    /// A teacher who already belongs to a school cannot make or join another.
    case alreadyInSchool
    /// The database did not answer in time, or its connection failed: nothing was changed that
    /// was acknowledged, and trying again shortly may work.
    case unavailable(String)
    /// The machine under the database failed (a full or read-only disk, an I/O error, a damaged
    /// file, a lock held too long: `SQLiteProblem`); the transaction rolled back, so nothing was
    /// half-written, and the server goes on answering.
    case storageUnavailable(String)
    /// Another process's long-running work (a Posts sync) did not end in time.
    case busy(String)
    /// A setting storage was given cannot be used (a schema name, a database URL).
    case invalid(String)

    package var description: String {
        switch self {
        case .notFound(let what): "\(what) was not found."
        case .duplicateID(let id): "Something with the id '\(id)' already exists."
        case .emailTaken: "An account with this email already exists."
        case .classCodeTaken: "Another class has this code."
        case .pupilNameTaken(let name): "The class already has a pupil called \(name)."
        case .alreadyInSchool: "You already belong to a school; a teacher belongs to one school at a time."
        case .unavailable(let reason): "The database is unavailable right now (\(reason)); try again shortly."
        case .storageUnavailable(let reason):
            "The server could not save this because \(reason), so nothing was changed. Try again in a minute; if it keeps happening, tell your teacher or whoever runs this Tessera server."
        case .busy(let what): what
        case .invalid(let why): why
        }
    }
}
