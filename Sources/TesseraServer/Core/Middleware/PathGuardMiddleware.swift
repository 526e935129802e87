import HTTPTypes
import Hummingbird

/// A path whose bytes, percent-decoded, include a control character (`%00`, a newline, `%7F`…) is
/// refused with 400 `invalid_path` before anything reads it: no page or route has one, and the
/// file server, handed `/router/index.html%00.js`, served the file before the `%00` as JavaScript.
struct PathGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !Self.hasControlBytes(request.uri.path) else {
            return try APIError.badRequest("shared.errors.invalidPath", code: "invalid_path").response(from: request, context: context)
        }
        return try await next(request, context)
    }

    /// Whether `path` has a control byte, as sent or percent-encoded.
    static func hasControlBytes(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        var index = 0
        while index < bytes.count {
            var byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                byte = high << 4 | low
                index += 2
            }
            if byte < 0x20 || byte == 0x7F { return true }
            index += 1
        }
        return false
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
