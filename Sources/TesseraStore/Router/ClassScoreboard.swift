import ClassroomKit
import RouterKit

/// A class's scoreboard from storage: its pupils and each one's progress, laid out by RouterKit's
/// `Scoreboard`. The server's route and `tessera classes scoreboard` both read it from here.
package enum ClassScoreboard {
    /// Pupils' progress is read concurrently (a class has at most `ClassRules.maxPupilsPerClass`).
    package static func make(for schoolClass: SchoolClass, episode: Episode, classes: any ClassStore,
                             progress: any RouterProgressStore) async throws -> Scoreboard {
        let pupils = try await classes.pupils(classID: schoolClass.id)
        let players = try await withThrowingTaskGroup(of: Scoreboard.Player.self) { group in
            for pupil in pupils {
                group.addTask {
                    (id: pupil.id, name: pupil.name, progress: try await progress.find(id: pupil.playerID))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        return Scoreboard(class: (id: schoolClass.id, name: schoolClass.name, code: schoolClass.code),
                          episode: episode, pupils: players)
    }
}
