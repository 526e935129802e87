import HTTPTypes
import Languages
import TesseraStore

/// An account at its `--account-quota`: 507 Insufficient Storage, saying the quota, so a teacher
/// knows to delete levels (or ask whoever runs the server for more).
extension AccountQuotaExceeded: APIErrorConvertible {
    var status: HTTPResponse.Status { HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage") }
    var code: String { "quota_exceeded" }
    var words: Phrase { Phrase("shared.errors.quotaExceeded", ["size": .text(Self.size(quotaBytes))]) }

    /// The quota in the units' international symbols (`20 kB`, `10 MB`): no word to translate.
    static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? "\(bytes / 1_000_000) MB" : "\(max(1, bytes / 1_000)) kB"
    }
}
