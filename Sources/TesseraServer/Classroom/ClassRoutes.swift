import ClassroomKit
import Foundation
import Hummingbird
import TesseraStore
import Languages

/// `/api/classes/…`: a teacher's classes and the pupils in them. Only a signed-in teacher may use
/// these, and only for their own classes: another teacher's class answers 404, as if it did not
/// exist (ids are unguessable, and nobody learns which ones are real).
struct ClassRoutes<Context: CallerRequestContext>: Sendable {
    let classes: any ClassStore
    let sessions: Sessions
    let hasher: PasswordHasher
    /// Which pupils are locked out (shown to their teacher, who may unlock them).
    let throttle: LoginThrottle
    /// For the scoreboard (`ScoreboardRoutes.swift`): pupils' progress, the class's locks, and
    /// the live updates that tell an open scoreboard a pupil has played.
    let progress: any RouterProgressStore
    let locks: any ClassLockStore
    let live: LiveUpdates
    /// Co-teachers (`CoTeacherRoutes.swift`) and the schools they share.
    let schools: any SchoolStore

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let teacher = try context.caller.teacher()
        var listed: [ClassJSON] = []
        // Their own and those they co-teach (`Caller.classes` has both; 50 of their own at most).
        for schoolClass in context.caller.classes {
            listed.append(ClassJSON(schoolClass, pupilCount: try await classes.pupils(classID: schoolClass.id).count,
                                    mine: schoolClass.teacherID == teacher.id))
        }
        return try JSONBody.response(ClassListJSON(classes: listed))
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let teacher = try context.caller.teacher()
        let body = try await JSONBody.decode(ClassNameRequest.self, from: request)
        let name = try AccountRules.checkName(body.name)
        guard try await classes.classes(teacherID: teacher.id).filter({ $0.teacherID == teacher.id }).count < ClassRules.maxClassesPerTeacher else {
            throw AccountError.tooManyClasses
        }
        // A code is drawn at random; the store refuses one another class has, so draw again.
        for _ in 0..<8 {
            let schoolClass = SchoolClass(id: Secrets.id(), teacherID: teacher.id, name: name, code: ClassRules.newCode())
            do {
                try await classes.insertClass(schoolClass)
                return try JSONBody.response(ClassJSON(schoolClass, pupilCount: 0), status: .created)
            } catch StoreError.classCodeTaken {
                continue
            }
        }
        throw APIError(.serviceUnavailable, code: "busy", say: "classroom.errors.noFreeCode")
    }

    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let schoolClass = try await ownClass(request, context)
        let body = try await JSONBody.decode(ClassChangeRequest.self, from: request)
        let name = try body.name.map { try AccountRules.checkName($0) }
        var updated = schoolClass
        if name != nil || body.archived != nil {
            updated = try await classes.updateClass(id: schoolClass.id, name: name, archived: body.archived)
                .orNotFound("classroom.errors.notFound.class", ["id": .sent(schoolClass.id)])
        }
        if body.levelApproval != nil || body.pupilLinks != nil {
            updated = try await classes.updateSettings(classID: schoolClass.id, signIn: nil, levelApproval: body.levelApproval,
                                                       pupilLinks: body.pupilLinks).orNotFound("classroom.errors.notFound.class", ["id": .sent(schoolClass.id)])
        }
        // A new way to sign in gives every pupil a new password of that kind (new login cards).
        var renewed: [PupilJSON]?
        if let mode = body.signIn, mode != schoolClass.signIn {
            updated = try await classes.updateSettings(classID: schoolClass.id, signIn: mode, levelApproval: nil, pupilLinks: nil)
                .orNotFound("classroom.errors.notFound.class", ["id": .sent(schoolClass.id)])
            let teacher = try context.caller.teacher()
            var made: [PupilJSON] = []
            for pupil in try await classes.pupils(classID: updated.id) {  // 60 at most, one hash at a time
                made.append(try await newPassword(for: pupil, by: teacher, mode: mode))
            }
            renewed = made
        }
        // An archived class's pupils cannot sign in, and those signed in are signed out now.
        if updated.archived, !schoolClass.archived {
            for pupil in try await classes.pupils(classID: updated.id) {
                try await sessions.accounts.deleteSessions(accountID: pupil.id, except: nil)
            }
        }
        return try JSONBody.response(ClassJSON(updated, pupilCount: try await classes.pupils(classID: updated.id).count, pupils: renewed))
    }

    @Sendable func pupils(_ request: Request, context: Context) async throws -> Response {
        let schoolClass = try await ownClass(request, context)
        let pupils = try await classes.pupils(classID: schoolClass.id)
        return try JSONBody.response(PupilListJSON(pupils: pupils.map {
            PupilJSON($0, password: nil, locked: throttle.isLocked(accountID: $0.id, passwordHash: $0.passwordHash))
        }))
    }

    /// New pupils with generated passwords, shown only in this answer (and the login cards the
    /// page prints from it); only their hashes are kept.
    @Sendable func addPupils(_ request: Request, context: Context) async throws -> Response {
        let teacher = try context.caller.teacher()
        let schoolClass = try await ownClass(request, context)
        let body = try await JSONBody.decode(AddPupilsRequest.self, from: request)
        let room = ClassRules.maxPupilsPerClass - (try await classes.pupils(classID: schoolClass.id).count)
        let names = try ClassRules.checkPupilNames(body.names, room: room)
        var created: [(Account, PupilSecret)] = []
        for name in names {
            let secret = PupilSecret.new(for: schoolClass.signIn)
            let pupil = Account(id: Secrets.id(), role: .pupil, name: name, passwordHash: try await hasher.hash(secret.hashed, client: teacher.id),
                                classID: schoolClass.id)
            created.append((pupil, secret))
        }
        try await classes.insertPupils(created.map(\.0), classID: schoolClass.id)
        return try JSONBody.response(PupilListJSON(pupils: created.map { PupilJSON($0.0, secret: $0.1) }), status: .created)
    }

    @Sendable func removePupil(_ request: Request, context: Context) async throws -> Response {
        let (_, pupil) = try await ownPupil(request, context)
        _ = try await classes.deleteAccount(id: pupil.id)
        return Response(status: .noContent)
    }

    /// A forgotten password: a new one, shown once; the pupil is signed out everywhere, and a lock
    /// on the old password no longer applies (`SignInAttempt` keys on the password).
    @Sendable func resetPassword(_ request: Request, context: Context) async throws -> Response {
        let (teacher, pupil) = try await ownPupil(request, context)
        let mode = try await ownClass(request, context).signIn
        return try JSONBody.response(try await newPassword(for: pupil, by: teacher, mode: mode))
    }

    /// "New passwords for the whole class": every pupil's, shown once (for new login cards).
    @Sendable func resetClassPasswords(_ request: Request, context: Context) async throws -> Response {
        let teacher = try context.caller.teacher()
        let schoolClass = try await ownClass(request, context)
        var renewed: [PupilJSON] = []
        for pupil in try await classes.pupils(classID: schoolClass.id) {  // 60 at most, one hash at a time
            renewed.append(try await newPassword(for: pupil, by: teacher, mode: schoolClass.signIn))
        }
        return try JSONBody.response(PupilListJSON(pupils: renewed))
    }

    private func newPassword(for pupil: Account, by teacher: Account, mode: SignInMode) async throws -> PupilJSON {
        let secret = PupilSecret.new(for: mode)
        _ = try await sessions.accounts.setPasswordHash(accountID: pupil.id, try await hasher.hash(secret.hashed, client: teacher.id))
        try await sessions.accounts.deleteSessions(accountID: pupil.id, except: nil)
        throttle.unlock(accountID: pupil.id)
        return PupilJSON(pupil, secret: secret)
    }

    /// Too many wrong passwords: the pupil's teacher lets them try again at once, on any device.
    @Sendable func unlockPupil(_ request: Request, context: Context) async throws -> Response {
        let (_, pupil) = try await ownPupil(request, context)
        throttle.unlock(accountID: pupil.id)
        return try JSONBody.response(PupilJSON(pupil, password: nil))
    }

    /// To another class the teacher teaches; progress and programs go with the pupil.
    @Sendable func movePupil(_ request: Request, context: Context) async throws -> Response {
        let (_, pupil) = try await ownPupil(request, context)
        let body = try await JSONBody.decode(MovePupilRequest.self, from: request)
        guard let target = context.caller.classes.first(where: { $0.id == body.toClass }) else {
            throw APIError.notFound("classroom.errors.notFound.class", ["id": .sent(body.toClass)])
        }
        guard try await classes.movePupil(id: pupil.id, toClass: target.id) else { throw APIError.notFound("classroom.errors.notFound.pupil", ["id": .sent(pupil.id)]) }
        var moved = pupil
        moved.classID = target.id
        return try JSONBody.response(PupilJSON(moved, password: nil))
    }

    // MARK: Who may (the caller, resolved once per request: `Caller`)

    /// The class named in the path when it is this teacher's; 404 otherwise.
    func ownClass(_ request: Request, _ context: Context) async throws -> SchoolClass {
        try context.caller.teachesClass(try context.parameters.require("id"))
    }

    private func ownPupil(_ request: Request, _ context: Context) async throws -> (teacher: Account, pupil: Account) {
        let schoolClass = try await ownClass(request, context)
        let id = try context.parameters.require("pupil")
        guard id.utf8.count <= 64, let pupil = try await sessions.accounts.account(id: id), pupil.classID == schoolClass.id else {
            throw APIError.notFound("classroom.errors.notFound.pupil", ["id": .sent(id)])
        }
        return (try context.caller.teacher(), pupil)
    }
}
