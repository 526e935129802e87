// The generated `Client`, `Operations` and `Components` come from openapi.yaml at build time
// (swift-openapi-generator build plugin). This file only marks the module's purpose.

/// The OpenAPI document's file name: `Sources/TesseraAPI/openapi.yaml` in the source tree (the one
/// copy in git), also shipped as this target's resource (`Tessera_TesseraAPI.resources/openapi.yaml`),
/// which `tessera serve` answers `/openapi.yaml` with (`ResourceBundles` in TesseraServer finds it).
public enum TesseraAPIDocument {
    public static let fileName = "openapi.yaml"
}
