import ClassroomKit
import Foundation
import RouterKit

/// "Who needs me now" from storage: a class's pupils, each one's recent runs (kept with their
/// progress) and when they last used a session, read by RouterKit's `PupilActivity`, stuck pupils
/// first. The server's route and `tessera classes activity` both read it from here.
package enum ClassActivityBoard {
    package struct Pupil: Sendable {
        package let id: String
        package let name: String
        package let activity: PupilActivity
    }

    package static func make(for schoolClass: SchoolClass, classes: any ClassStore, accounts: any AccountStore,
                             progress: any RouterProgressStore, now: Date = Date()) async throws -> [Pupil] {
        let pupils = try await classes.pupils(classID: schoolClass.id)
        let seen = try await accounts.lastSeen(classID: schoolClass.id)
        // Pupils' progress is read concurrently (a class has at most `ClassRules.maxPupilsPerClass`).
        let read = try await withThrowingTaskGroup(of: Pupil.self) { group in
            for pupil in pupils {
                group.addTask {
                    let recent = try await progress.find(id: pupil.playerID)?.recent ?? []
                    return Pupil(id: pupil.id, name: pupil.name,
                                 activity: PupilActivity.make(recent: recent, lastSeen: seen[pupil.id], now: now))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        return PupilActivity.sorted(read, state: \.activity.state) {
            ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id)
        }
    }
}
