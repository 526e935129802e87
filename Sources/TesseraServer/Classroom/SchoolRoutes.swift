import ClassroomKit
import Foundation
import Hummingbird
import TesseraStore

/// `/api/schools/…`: a school's teachers and classes. The teacher who makes a school is its admin;
/// an admin invites colleagues with one-time links, gives a colleague who forgot their password a
/// new one, makes others admins, gives a class to another teacher and removes a teacher (their
/// classes go to the admin first). Members read their school (to pick co-teachers); to anyone
/// else a school does not exist (404). A teacher with no school works exactly as before.
struct SchoolRoutes<Context: CallerRequestContext>: Sendable {
    let schools: any SchoolStore
    let classes: any ClassStore
    let sessions: Sessions
    let hasher: PasswordHasher
    let throttle: LoginThrottle

    /// `POST /api/schools` `{"name"}` → 201 `{"id","name"}`; the caller becomes its admin.
    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let teacher = try context.caller.teacher()
        let name = try AccountRules.checkName(try await JSONBody.decode(ClassNameRequest.self, from: request).name)
        let school = School(id: Secrets.id(), name: name)
        try await schools.insertSchool(school, adminID: teacher.id)
        return try JSONBody.response(SchoolJSON(school), status: .created)
    }

    /// `GET /api/schools/{id}`: the school, its teachers and (for admins) every class.
    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let (teacher, school) = try await memberSchool(context)
        let teachers = try await schools.teachers(schoolID: school.id)
        var listed: [SchoolJSON.Class]?
        if teacher.schoolAdmin {
            var all: [SchoolJSON.Class] = []
            for schoolClass in try await schools.classes(schoolID: school.id) {
                all.append(SchoolJSON.Class(schoolClass, coTeachers: try await schools.coTeachers(classID: schoolClass.id)))
            }
            listed = all
        }
        return try JSONBody.response(SchoolJSON(school, admin: teacher.schoolAdmin, teachers: teachers, classes: listed))
    }

    /// `POST /api/schools/{id}/invites` → 201 `{"link","expires"}`: a one-time link for one colleague.
    @Sendable func invite(_ request: Request, context: Context) async throws -> Response {
        let (admin, school) = try await adminSchool(context)
        let now = Date()
        guard try await schools.openInvites(schoolID: school.id, now: now) < SchoolRules.maxOpenInvites else {
            throw APIError.tooBusy("classroom.errors.school.tooManyInvites", ["count": .number(SchoolRules.maxOpenInvites), "days": .number(7)], retryAfterSeconds: 3600)
        }
        let (token, invite) = SchoolRules.newInvite(schoolID: school.id, by: admin.id, now: now)
        try await schools.insertInvite(invite)
        return try JSONBody.response(InviteJSON(link: "/classroom/?invite=" + token, expires: invite.expiresAt), status: .created)
    }

    /// `POST /api/schools/join` `{"invite"}`: a signed-in teacher uses an invitation up and joins.
    @Sendable func join(_ request: Request, context: Context) async throws -> Response {
        let teacher = try context.caller.teacher()
        let body = try await JSONBody.decode(SchoolJoinRequest.self, from: request)
        let school = try await Self.join(teacher, token: body.invite, schools: schools)
        return try JSONBody.response(SchoolJSON(school))
    }

    /// Joins `teacher` to the school an invitation names, using it up; 404 for one that is
    /// unknown, used or expired (a teacher already in a school is told so first, keeping the link).
    static func join(_ teacher: Account, token text: String, schools: any SchoolStore) async throws -> School {
        guard let token = SchoolRules.checkedToken(text) else { throw Self.noInvite }
        if teacher.schoolID != nil { throw StoreError.alreadyInSchool }
        guard let invite = try await schools.takeInvite(id: SchoolRules.inviteID(token), now: Date()),
              let school = try await schools.school(id: invite.schoolID) else { throw Self.noInvite }
        guard try await schools.setSchool(teacherID: teacher.id, schoolID: school.id, admin: false) else {
            throw APIError.notFound("classroom.errors.notFound.teacher", ["id": .sent(teacher.id)])
        }
        return school
    }

    static var noInvite: APIError {
        APIError(.notFound, code: "invite_not_found", say: "classroom.errors.school.inviteGone", ["days": .number(7)])
    }

    /// `POST /api/schools/{id}/teachers/{teacher}/password` → `{"password"}`: a new password, shown once; the
    /// colleague is signed out everywhere, unlocked, and their two-step sign-in is off.
    @Sendable func resetPassword(_ request: Request, context: Context) async throws -> Response {
        let (admin, colleague) = try await colleague(context)
        let password = PasswordHashing.readablePassword(groups: 4)
        _ = try await sessions.accounts.setPasswordHash(accountID: colleague.id, try await hasher.hash(password, client: admin.id))
        try await sessions.accounts.deleteSessions(accountID: colleague.id, except: nil)
        // A fresh start: a colleague who cannot sign in may have lost their phone too.
        try await sessions.accounts.deleteTwoStep(accountID: colleague.id)
        throttle.unlock(accountID: colleague.id)
        return try JSONBody.response(NewPasswordJSON(password: password))
    }

    /// `PUT /api/schools/{id}/teachers/{teacher}/admin` `{"admin": bool}`. The last admin stays one.
    @Sendable func setAdmin(_ request: Request, context: Context) async throws -> Response {
        let (_, colleague) = try await colleague(context, allowSelf: true)
        let body = try await JSONBody.decode(AdminRequest.self, from: request)
        let school = try colleague.schoolID.orNotFound("classroom.errors.notFound.yourSchool")
        if !body.admin, try await schools.teachers(schoolID: school).filter({ $0.schoolAdmin && $0.id != colleague.id }).isEmpty {
            throw APIError(.conflict, code: "last_admin", say: "classroom.errors.school.lastAdmin")
        }
        _ = try await schools.setSchool(teacherID: colleague.id, schoolID: school, admin: body.admin)
        return try JSONBody.response(TeacherJSON(colleague, admin: body.admin))
    }

    /// `DELETE /api/schools/{id}/teachers/{teacher}`: their classes go to the admin first; they stay a
    /// teacher with no school (and teach no class of it).
    @Sendable func removeTeacher(_ request: Request, context: Context) async throws -> Response {
        let (admin, colleague) = try await colleague(context)
        for schoolClass in try await classes.classes(teacherID: colleague.id) {
            if schoolClass.teacherID == colleague.id {
                _ = try await schools.moveClass(id: schoolClass.id, toTeacher: admin.id)
            } else {
                _ = try await schools.removeCoTeacher(classID: schoolClass.id, teacherID: colleague.id)
            }
        }
        _ = try await schools.setSchool(teacherID: colleague.id, schoolID: nil, admin: false)
        return Response(status: .noContent)
    }

    /// `PUT /api/schools/{id}/classes/{class}/teacher` `{"teacher"}`: gives a class of the school to
    /// another of its teachers.
    @Sendable func moveClass(_ request: Request, context: Context) async throws -> Response {
        let (_, school) = try await adminSchool(context)
        let classID = try context.parameters.require("class")
        guard classID.utf8.count <= 64, let schoolClass = try await schools.classes(schoolID: school.id).first(where: { $0.id == classID }) else {
            throw APIError.notFound("classroom.errors.notFound.class", ["id": .sent(classID)])
        }
        let body = try await JSONBody.decode(TeacherRequest.self, from: request)
        guard let target = try await schools.teachers(schoolID: school.id).first(where: { $0.id == body.teacher }) else {
            throw APIError.notFound("classroom.errors.notFound.teacher", ["id": .sent(body.teacher)])
        }
        _ = try await schools.moveClass(id: schoolClass.id, toTeacher: target.id)
        var moved = schoolClass
        moved.teacherID = target.id
        return try JSONBody.response(SchoolJSON.Class(moved, coTeachers: try await schools.coTeachers(classID: moved.id)))
    }

    // MARK: Who may

    /// The signed-in teacher and the school in the path when it is theirs; 404 otherwise.
    func memberSchool(_ context: Context) async throws -> (Account, School) {
        let teacher = try context.caller.teacher()
        let id = try context.parameters.require("id")
        guard id.utf8.count <= 64, teacher.schoolID == id, let school = try await schools.school(id: id) else {
            throw APIError.notFound("classroom.errors.notFound.school", ["id": .sent(id)])
        }
        return (teacher, school)
    }

    /// As `memberSchool`, for its admins; a member who is not one gets 403.
    func adminSchool(_ context: Context) async throws -> (Account, School) {
        let (teacher, school) = try await memberSchool(context)
        guard teacher.schoolAdmin else {
            throw APIError(.forbidden, code: "school_admins_only", say: "classroom.errors.school.adminsOnly")
        }
        return (teacher, school)
    }

    /// An admin and a teacher of their school named in the path (not themselves unless allowed).
    func colleague(_ context: Context, allowSelf: Bool = false) async throws -> (admin: Account, colleague: Account) {
        let (admin, school) = try await adminSchool(context)
        let id = try context.parameters.require("teacher")
        guard id.utf8.count <= 64, allowSelf || id != admin.id,
              let colleague = try await schools.teachers(schoolID: school.id).first(where: { $0.id == id }) else {
            throw APIError.notFound("classroom.errors.notFound.teacher", ["id": .sent(id)])
        }
        return (admin, colleague)
    }
}
