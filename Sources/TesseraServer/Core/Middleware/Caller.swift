import ClassroomKit
import Hummingbird
import NIOCore
import TesseraStore

/// Who is calling: filled once per request by `CallerMiddleware`, before the limits, and read by
/// them, by CSRF, by level access and by every route (`context.caller`). Nobody else looks a
/// session up.
struct Caller: Sendable {
    /// The signed-in account and its session, if any.
    var account: Account?
    var session: Session?
    /// A pupil's own class; a teacher's classes (archived ones too).
    var classes: [SchoolClass] = []
    /// The browser's `X-Tessera-Owner-Key` as the owner it names (`anon-<hash>`), when it sent a
    /// well-formed one; `ownerKeyProblem` when it sent a malformed one (level routes refuse it).
    var anonymousOwner: String?
    var ownerKeyProblem: APIError?
    /// The address the request counts against (behind `--trusted-proxy`, the forwarded one).
    var address: String = "unknown"
    /// Why the session could not be read (the database did not answer): routes that need the
    /// account answer with it instead of "sign in first".
    var lookupProblem: StoreError?

    static let anonymous = Caller()

    enum Role: String, Sendable { case anonymous, pupil, teacher }

    var role: Role {
        switch account?.role {
        case .teacher: .teacher
        case .pupil: .pupil
        case nil: .anonymous
        }
    }

    /// What the rate limits count against: the account when signed in, else the address.
    var client: String { account.map { "account:" + $0.id } ?? "address:" + address }

    /// The signed-in account and session, or 401 `sign_in_required`.
    func signedIn() throws -> (account: Account, session: Session) {
        if let lookupProblem { throw lookupProblem }
        guard let account, let session else { throw AccountError.signInRequired }
        return (account, session)
    }

    /// The signed-in teacher, or 401 / 403 `teachers_only`.
    func teacher() throws -> Account {
        let account = try signedIn().account
        guard account.role == .teacher else { throw AccountError.teachersOnly }
        return account
    }

    /// One of the teacher's classes by id, or 404 to anyone else (another teacher's class looks
    /// like no class at all).
    func teachesClass(_ id: String) throws -> SchoolClass {
        _ = try teacher()
        guard let schoolClass = classes.first(where: { $0.id == id }) else { throw APIError.notFound("classroom.errors.notFound.class", ["id": .sent(id)]) }
        return schoolClass
    }
}

/// A request context that carries the caller.
protocol CallerRequestContext: RequestContext {
    var caller: Caller { get set }
    /// Completes when the request's connection closes (`nil` in router tests, which have none):
    /// live-update streams end with it.
    var connectionClosed: EventLoopFuture<Void>? { get }
    /// When the server began on the request, before any middleware (the maze's simulated latency
    /// runs from here).
    var receivedAt: NIODeadline { get }
}

/// Resolves `context.caller` for every API request: the session cookie (one store read, plus the
/// account and its classes when signed in), the anonymous owner key and the client's address.
/// Pages and static files need none of it.
struct CallerMiddleware<Context: CallerRequestContext & RemoteAddressRequestContext>: RouterMiddleware {
    let sessions: Sessions
    let classes: any ClassStore
    let clients: RateLimitClients

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/api/") else { return try await next(request, context) }
        var context = context
        var caller = Caller()
        caller.address = clients.address(of: request, peer: context.remoteAddress)
        if let key = request.headers[LevelCaller.ownerKeyHeader] {
            do { caller.anonymousOwner = try LevelCaller.anonymousOwner(key) } catch let problem as APIError { caller.ownerKeyProblem = problem }
        }
        do {
            if let (account, session) = try await sessions.account(for: request) {
                caller.account = account
                caller.session = session
                switch account.role {
                case .pupil:
                    if let classID = account.classID, let own = try await classes.schoolClass(id: classID) { caller.classes = [own] }
                case .teacher:
                    caller.classes = try await classes.classes(teacherID: account.id)
                }
            }
        } catch {
            // The database did not answer: the request goes on as anonymous, and whatever needs
            // the account answers with this (503) rather than "sign in first".
            caller = Caller(anonymousOwner: caller.anonymousOwner, ownerKeyProblem: caller.ownerKeyProblem,
                            address: caller.address, lookupProblem: (error as? StoreError) ?? .unavailable("\(type(of: error))"))
        }
        context.caller = caller
        return try await next(request, context)
    }
}
