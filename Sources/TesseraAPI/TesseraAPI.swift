// The generated `Client`, `Operations` and `Components` come from openapi.yaml at build time
// (swift-openapi-generator build plugin). This file only marks the module's purpose.

/// Where the OpenAPI document lives in the source tree, for tools and tests that read it.
public enum TesseraAPIDocument {
    public static let fileName = "openapi.yaml"
}
