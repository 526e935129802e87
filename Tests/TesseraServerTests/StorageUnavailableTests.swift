import Foundation
import Testing
@testable import TesseraServer
@testable import TesseraStore

/// The machine's storage failures reach a client as one documented answer: 503
/// `storage_unavailable`, a wait in `Retry-After` and a message a person can act on.
@Suite struct StorageUnavailableTests {
    @Test func aFullDiskIs503StorageUnavailableWithRetryAfter() {
        let error = StoreError.storageUnavailable(SQLiteProblem.diskFull.reason)
        let answer = error.apiError
        #expect(answer.status == .serviceUnavailable)
        #expect(answer.code == "storage_unavailable")
        #expect(answer.headers[.retryAfter] == "60")
        #expect(answer.message.contains("the disk is full"))
        #expect(answer.message.contains("nothing was changed"))
        #expect(answer.message.contains("tell your teacher or whoever runs this Tessera server"))
    }

    @Test func everyProblemNamesWhatHappened() {
        let problems: [SQLiteProblem] = [.diskFull, .readOnly, .ioError, .damaged, .locked]
        let messages = Set(problems.map { StoreError.storageUnavailable($0.reason).apiError.message })
        #expect(messages.count == problems.count)
        for problem in problems {
            #expect(StoreError.storageUnavailable(problem.reason).apiError.code == "storage_unavailable")
            #expect(problem.startupError(folder: "/srv/tessera").description.contains("/srv/tessera"))
        }
    }
}
