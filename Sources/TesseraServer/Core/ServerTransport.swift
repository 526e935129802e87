import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
import HummingbirdTLS
import NIOCore
import TesseraStore

/// `--tls-cert FILE --tls-key FILE`: the PEM files of the certificate (its chain, leaf first) and
/// of its private key.
public struct TLSFiles: Sendable, Equatable {
    public var certificate: String
    public var privateKey: String

    public init(certificate: String, privateKey: String) {
        self.certificate = certificate
        self.privateKey = privateKey
    }
}

/// How the server speaks: plain HTTP/1.1, or with `TLSFiles` HTTPS with HTTP/2 and HTTP/1.1
/// (chosen per connection by ALPN). The files are read and checked here, before the server
/// listens, so a wrong file is one clear `StartupError` and never a server that fails every
/// handshake. These words are for whoever starts the server (a terminal), not for pages.
enum ServerTransport {
    /// `connections`: each connection counted against its address's share (`ConnectionLimits.swift`).
    static func builder(_ config: Configuration, connections: ConnectionsPerAddress? = nil) throws -> HTTPServerBuilder {
        let idle = TimeAmount.seconds(Int64(config.idleTimeoutSeconds))
        guard let files = config.tls else { 
            return .limited(connections) { HTTP1Channel(responder: $0, configuration: .init(idleTimeout: idle)) }
        }
        let tls = try tlsConfiguration(files)
        let http2 = HTTP2UpgradeChannel.Configuration(idleTimeout: .seconds(config.idleTimeoutSeconds),
                                                      streamConfiguration: .init(idleTimeout: idle))
        // Built once here: the key is checked against the certificate now, not at the first handshake.
        _ = try checked(HTTP2UpgradeChannel(tlsConfiguration: tls, configuration: http2, responder: { _, _, _ in }), files)
        return .limited(connections) { try HTTP2UpgradeChannel(tlsConfiguration: tls, configuration: http2, responder: $0) }
    }

    /// The server's TLS configuration from the two PEM files.
    static func tlsConfiguration(_ files: TLSFiles) throws -> TLSConfiguration {
        let chain = try read(files.certificate, option: "--tls-cert") { path in try NIOSSLCertificate.fromPEMFile(path) }
        guard !chain.isEmpty else {
            throw StartupError("--tls-cert \(files.certificate) holds no certificate. Give the PEM file that starts with -----BEGIN CERTIFICATE-----.")
        }
        let key = try read(files.privateKey, option: "--tls-key") { path in try NIOSSLPrivateKey(file: path, format: .pem) }
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    }

    private static func read<Value>(_ path: String, option: String, _ load: (String) throws -> Value) throws -> Value {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw StartupError("\(option) \(path): there is no such file. Give the path of a PEM file.")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw StartupError("\(option) \(path): this user may not read it. Let the user that runs Tessera read it (and nobody else, for the key).")
        }
        do {
            return try load(path)
        } catch {
            let what = option == "--tls-key" ? "an unencrypted private key (-----BEGIN PRIVATE KEY-----)" : "a certificate (-----BEGIN CERTIFICATE-----)"
            throw StartupError("\(option) \(path) could not be read as \(what) in PEM form (\(error)).")
        }
    }

    private static func checked<Value>(_ make: @autoclosure () throws -> Value, _ files: TLSFiles) throws -> Value {
        do {
            return try make()
        } catch {
            throw StartupError("The key \(files.privateKey) does not belong to the certificate \(files.certificate) (\(error)). Give the key the certificate was made with.")
        }
    }
}
