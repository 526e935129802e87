import HTTPTypes
import Languages
import RouterKit
import TesseraStore

/// Past `--max-anonymous-documents`: 507 Insufficient Storage, with what a person can do about it.
/// Signing in helps only where an account can keep the work (Rapid Router's levels and progress);
/// a game or a puzzle has no account to go to, so its message does not offer that.
extension AnonymousStorageFull: APIErrorConvertible {
    var status: HTTPResponse.Status { HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage") }
    var code: String { "storage_full" }
    var words: Phrase {
        switch kind {
        case StoredLevel.table, PlayerProgress.table: Phrase("shared.errors.storageFull.work")
        default: Phrase("shared.errors.storageFull.games")
        }
    }
}
