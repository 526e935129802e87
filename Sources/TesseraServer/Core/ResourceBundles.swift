import Foundation
import GridKit

/// The server's resource bundles, found beside the running binary (`GridKit.ResourceBundle`): a
/// missing bundle is `nil`, the route answers 404 JSON and `tessera serve` logs a warning at start.
public enum ResourceBundles {
    /// The pages (`Tessera_TesseraServer.resources/Public`).
    public static var publicDirectory: URL? { find("Public", inBundleOf: "TesseraServer", directory: true) }

    /// The OpenAPI document (`Tessera_TesseraAPI.resources/openapi.yaml`; one file in git,
    /// `Sources/TesseraAPI/openapi.yaml`, which also generates the Swift client).
    public static var openAPIDocument: URL? { find("openapi.yaml", inBundleOf: "TesseraAPI", directory: false) }

    static func find(_ name: String, inBundleOf target: String, directory: Bool) -> URL? {
        GridKit.ResourceBundle.find(name, inBundleOf: target, directory: directory)
    }
}
