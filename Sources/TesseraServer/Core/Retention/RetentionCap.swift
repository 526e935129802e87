import HTTPTypes
import RouterKit
import TesseraStore

/// Past `--max-anonymous-documents`: 507 Insufficient Storage, with what a person can do about it.
/// Signing in helps only where an account can keep the work (Rapid Router's levels and progress);
/// a game or a puzzle has no account to go to, so its message does not offer that.
extension AnonymousStorageFull: APIErrorConvertible {
    var status: HTTPResponse.Status { HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage") }
    var code: String { "storage_full" }
    var message: String {
        switch kind {
        case StoredLevel.table, PlayerProgress.table:
            "The server is full of unsaved work and can't keep any more right now. "
                + "Please try again later, or sign in so that your work is kept with your account."
        default:
            "The server is full of unsaved games and can't start another one right now. Please try again later."
        }
    }
}
