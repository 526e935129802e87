/// What `tessera --version` and `tessera serve --version` print.
enum TesseraVersion {
    /// The release this build belongs to (the issue set it was finished in).
    static let number = "0.13.0"
    /// The git commit the binary was built from; a release build script may replace "unknown" with
    /// `git rev-parse --short HEAD` before building (SwiftPM has no build-time variables).
    static let commit = "unknown"
    static var string: String { "tessera \(number) (\(commit))" }
}
