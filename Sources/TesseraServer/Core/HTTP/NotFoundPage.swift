import HTTPTypes
import Hummingbird

/// What a person sees after typing a wrong address: a small page with a way home, instead of the
/// JSON an API client gets. Only a browser's page load qualifies (it asks for `text/html`), and
/// only outside the API and the origin, whose clients always get the JSON 404.
enum NotFoundPage {
    /// Whether `request` is a browser navigation that should get the HTML page.
    static func wanted(by request: Request) -> Bool {
        let path = request.uri.path
        guard request.method == .get || request.method == .head,
              !path.hasPrefix("/api/"), !path.hasPrefix("/origin/"), path != "/origin"
        else { return false }
        return request.headers[.accept]?.contains("text/html") ?? false
    }

    static func response() -> Response {
        Response(status: .notFound,
                 headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: .init(string: html)))
    }

    // Static text only: the mistyped path is not echoed, so nothing a visitor types becomes HTML.
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <meta name="viewport" content="width=device-width, initial-scale=1">
          <title>Page not found · Tessera</title>
          <link rel="icon" href="/shared/favicon.svg">
          <link rel="stylesheet" href="/shared/tessera.css">
        </head>
        <body>
          <header class="bar"><h1><a href="/">Tessera</a></h1></header>
          <main data-testid="not-found">
            <h2>There is no page at this address</h2>
            <p>The link may be mistyped or out of date.</p>
            <p><a href="/" data-testid="home-link">Go to the Tessera home page</a> to pick a game or an app.</p>
          </main>
        </body>
        </html>

        """
}
