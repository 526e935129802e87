import ClassroomKit
import Foundation
import GridKit
import Hummingbird
import TesseraStore
import Languages

/// A class with more than one teacher: any teacher of the class adds a colleague of their school
/// (who then sees and does everything the class's own teacher does: pupils, scoreboard, locks,
/// programs), or takes one off. The class's own teacher is changed by a school admin instead.
extension ClassRoutes {
    /// `GET /api/classes/{id}/teachers` → `{"teacher", "coTeachers": [Teacher]}`.
    @Sendable func teachers(_ request: Request, context: Context) async throws -> Response {
        let schoolClass = try await ownClass(request, context)
        return try JSONBody.response(try await teachersJSON(schoolClass))
    }

    /// `POST /api/classes/{id}/teachers` `{"teacher"}`: a teacher of the caller's school.
    @Sendable func addTeacher(_ request: Request, context: Context) async throws -> Response {
        let schoolClass = try await ownClass(request, context)
        let teacher = try context.caller.teacher()
        let body = try await JSONBody.decode(TeacherRequest.self, from: request)
        guard let schoolID = teacher.schoolID, body.teacher.utf8.count <= 64,
              let colleague = try await schools.teachers(schoolID: schoolID).first(where: { $0.id == body.teacher }) else {
            throw APIError.notFound("classroom.errors.notFound.colleague", ["id": .sent(body.teacher)])
        }
        guard colleague.id != schoolClass.teacherID else { return try JSONBody.response(try await teachersJSON(schoolClass)) }
        guard try await schools.coTeachers(classID: schoolClass.id).count < SchoolRules.maxTeachersPerClass - 1 else {
            throw APIError.badRequest("classroom.errors.tooManyTeachers", ["limit": .number(SchoolRules.maxTeachersPerClass)], code: "too_many_teachers")
        }
        try await schools.addCoTeacher(classID: schoolClass.id, teacherID: colleague.id)
        return try JSONBody.response(try await teachersJSON(schoolClass), status: .created)
    }

    /// `DELETE /api/classes/{id}/teachers/{teacher}`: takes a co-teacher off the class (themselves too).
    @Sendable func removeTeacher(_ request: Request, context: Context) async throws -> Response {
        let schoolClass = try await ownClass(request, context)
        let id = try context.parameters.require("teacher")
        guard id.utf8.count <= 64, try await schools.removeCoTeacher(classID: schoolClass.id, teacherID: id) else {
            throw APIError.notFound("classroom.errors.notFound.coTeacher", ["id": .sent(id)])
        }
        return Response(status: .noContent)
    }

    private func teachersJSON(_ schoolClass: SchoolClass) async throws -> ClassTeachersJSON {
        var coTeachers: [TeacherJSON] = []
        for id in try await schools.coTeachers(classID: schoolClass.id) {
            if let account = try await sessions.accounts.account(id: id) { coTeachers.append(TeacherJSON(account, admin: account.schoolAdmin)) }
        }
        let own = try await sessions.accounts.account(id: schoolClass.teacherID)
        return ClassTeachersJSON(teacher: own.map { TeacherJSON($0, admin: $0.schoolAdmin) }, coTeachers: coTeachers)
    }
}

struct ClassTeachersJSON: Encodable {
    @Nullable var teacher: TeacherJSON?
    let coTeachers: [TeacherJSON]
}
