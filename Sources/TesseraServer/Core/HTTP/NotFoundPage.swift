import HTTPTypes
import Hummingbird
import Languages

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

    /// The page in the visitor's language: `?lang=`, else the browser's (`Accept-Language`), else
    /// English; its words are the catalogues' `home.notFound.*`.
    static func response(to request: Request, catalogues: Catalogues = .current) -> Response {
        let asked = request.uri.queryParameters["lang"].map(String.init)
        let code = catalogues.negotiate(asked: asked, acceptLanguage: request.headers[.acceptLanguage])
        return Response(status: .notFound,
                        headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .vary: "Accept-Language"],
                        body: .init(byteBuffer: .init(string: html(code, catalogues: catalogues))))
    }

    /// Static text only: the mistyped path is not echoed, so nothing a visitor types becomes HTML;
    /// the catalogue's words are escaped all the same (an operator's catalogue is data too).
    static func html(_ code: String, catalogues: Catalogues) -> String {
        func words(_ key: String) -> String { escaped(catalogues.text("home.notFound." + key, language: code)) }
        let dir = catalogues.catalogues[code]?.language.dir == "rtl" ? "rtl" : "ltr"
        return """
            <!doctype html>
            <html lang="\(escaped(code))" dir="\(dir)">
            <head>
              <meta charset="utf-8">
              <meta name="viewport" content="width=device-width, initial-scale=1">
              <title>\(words("documentTitle"))</title>
              <link rel="icon" href="/shared/favicon.svg">
              <link rel="stylesheet" href="/shared/tessera.css">
            </head>
            <body>
              <header class="bar"><h1><a href="/">Tessera</a></h1></header>
              <main data-testid="not-found">
                <h2>\(words("heading"))</h2>
                <p>\(words("text"))</p>
                <p><a href="/" data-testid="home-link">\(words("homeLink"))</a></p>
              </main>
            </body>
            </html>

            """
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
