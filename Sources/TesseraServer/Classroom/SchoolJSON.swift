import ClassroomKit
import Foundation
import GridKit

/// `{"id","name"}`, and for a member `admin` (whether the reader is one), `teachers`, and for an
/// admin `classes` (null for other members).
struct SchoolJSON: Encodable {
    struct Class: Encodable {
        let id: String
        let name: String
        let code: String
        let archived: Bool
        let teacher: String
        let coTeachers: [String]

        init(_ schoolClass: SchoolClass, coTeachers: [String]) {
            id = schoolClass.id
            name = schoolClass.name
            code = schoolClass.code
            archived = schoolClass.archived
            teacher = schoolClass.teacherID
            self.coTeachers = coTeachers
        }
    }

    let id: String
    let name: String
    var admin: Bool?
    var teachers: [TeacherJSON]?
    @Nullable var classes: [Class]?

    init(_ school: School) {
        id = school.id
        name = school.name
    }

    init(_ school: School, admin: Bool, teachers: [Account], classes: [Class]?) {
        self.init(school)
        self.admin = admin
        self.teachers = teachers.map { TeacherJSON($0, admin: $0.schoolAdmin) }
        self.classes = classes
    }

    func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: Key.self)
        try json.encode(id, forKey: .id)
        try json.encode(name, forKey: .name)
        guard let admin, let teachers else { return }
        try json.encode(admin, forKey: .admin)
        try json.encode(teachers, forKey: .teachers)
        try json.encode(_classes, forKey: .classes)
    }

    private enum Key: String, CodingKey { case id, name, admin, teachers, classes }
}

/// A teacher of a school as colleagues see them.
struct TeacherJSON: Encodable {
    let id: String
    let name: String
    @Nullable var email: String?
    let admin: Bool

    init(_ account: Account, admin: Bool) {
        id = account.id
        name = account.name
        email = account.email
        self.admin = admin
    }
}

struct InviteJSON: Encodable {
    /// The page address that joins (relative to the server's own).
    let link: String
    let expires: Date
}

struct NewPasswordJSON: Encodable {
    let password: String
}

/// `{"invite": "<token>"}`.
struct SchoolJoinRequest: Decodable {
    let invite: String
}

/// `{"admin": bool}`.
struct AdminRequest: Decodable {
    let admin: Bool
}

/// `{"teacher": "<account id>"}`.
struct TeacherRequest: Decodable {
    let teacher: String
}
