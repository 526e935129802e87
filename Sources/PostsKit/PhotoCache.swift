import GridKit
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The photo loader's two caches: a count- and byte-limited LRU in memory, and an optional folder on
// disk that survives restarts (so the reader keeps its photos while the origin is down).

/// Least-recently-used images in memory, bounded by count and by total bytes (whichever binds
/// first): the shared `BoundedCache` with an image's size as its cost. Reading an image makes it
/// the most recently used. Not thread-safe: the loader actor owns it.
struct PhotoMemoryCache {
    private var entries: BoundedCache<String, Data>

    init(countLimit: Int, byteLimit: Int) {
        entries = BoundedCache(countLimit: countLimit, costLimit: byteLimit) { $0.count }
    }

    var countLimit: Int { entries.countLimit }
    var byteLimit: Int { entries.costLimit }
    var count: Int { entries.count }
    var byteCount: Int { entries.totalCost }

    func contains(_ url: String) -> Bool { entries.contains(url) }

    /// The image, now the most recently used.
    mutating func image(for url: String) -> Data? { entries.value(forKey: url) }

    /// Stores an image as the most recently used, evicting the least recently used until both limits
    /// hold. An image larger than the whole byte limit is not kept.
    mutating func insert(_ data: Data, for url: String) { entries.insert(data, forKey: url) }

    mutating func removeAll() { entries.removeAll() }
}

/// Photos kept in a folder (e.g. `<data dir>/posts-photos`), so they outlive the process and the
/// origin.
///
/// - A file's name is the FNV-1a 64 hash of its URL (16 hex digits); it holds a small header with
///   the URL itself, then the image bytes. A file that does not start with its URL's header is a miss.
/// - Files are written to a temporary name (mode 0600, created exclusively) and renamed into place,
///   so a reader sees a whole file or none; the folder is created 0700.
/// - Bounded: after every `maxFiles / 20` writes (at least 1, and on the first write) the oldest
///   files (by modification time; a read refreshes it) are removed until at most `maxFiles` remain,
///   so the folder holds at most about `maxFiles + maxFiles / 20` images of at most `maxImageBytes`.
///   Temporary files left by a crash are removed once an hour old.
/// - Best effort: a failed write or read is a miss, never an error for the caller.
///
/// The blocking file work runs on the caller's thread; the `async` methods are nonisolated, so the
/// loader actor's calls run them on the global executor, not on the actor (SE-0338).
public final class PhotoDiskCache: Sendable {
    public let folder: String
    public let maxFiles: Int
    public let maxImageBytes: Int
    /// Writes between two trims.
    let trimInterval: Int
    private let writesSinceTrim: Mutex<Int>

    private static let magic: [UInt8] = Array("TPH1".utf8)
    private static let temporaryPrefix = ".tmp-"
    private static let staleTemporaryAge: TimeInterval = 3600

    /// Opens (creating if needed, mode 0700) the cache folder.
    public init(
        folder: String,
        maxFiles: Int = 5_000,
        maxImageBytes: Int = PhotoLoader.Options.defaultMaxImageBytes
    ) throws {
        self.folder = folder
        self.maxFiles = min(max(maxFiles, 1), 1_000_000)
        self.maxImageBytes = min(max(maxImageBytes, 1), 1 << 30)
        trimInterval = max(1, self.maxFiles / 20)
        // The first write trims, in case an earlier run left more files (or had a larger limit).
        writesSinceTrim = Mutex(trimInterval - 1)
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// The file name for a URL: its FNV-1a 64 hash as 16 lowercase hex digits.
    public static func fileName(for url: String) -> String { FNV1a.hex64(url.utf8) }

    /// Where the image for `url` is (or would be) kept.
    public func path(for url: String) -> String { path(named: Self.fileName(for: url)) }

    private func path(named name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The stored image for `url`, or `nil` (absent, unreadable, too large, or another URL's file).
    public func read(_ url: String) async -> Data? { readNow(url) }

    /// Stores `image` for `url`, replacing any earlier one. Returns whether it was written.
    @discardableResult
    public func write(_ image: Data, for url: String) async -> Bool { writeNow(image, for: url) }

    func readNow(_ url: String) -> Data? {
        guard let header = Self.header(for: url) else { return nil }
        let path = path(for: url)
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let limit = header.count + maxImageBytes
        guard let bytes = try? handle.read(upToCount: limit + 1), bytes.count <= limit,
              bytes.count >= header.count, bytes.prefix(header.count).elementsEqual(header)
        else { return nil }
        // Reading counts as a use, so trimming removes the least recently used files.
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        return Data(bytes.dropFirst(header.count))
    }

    @discardableResult
    func writeNow(_ image: Data, for url: String) -> Bool {
        guard image.count <= maxImageBytes, let header = Self.header(for: url) else { return false }
        let name = Self.fileName(for: url)
        let random = String(UInt64.random(in: .min ... .max), radix: 16)
        let temporary = path(named: "\(Self.temporaryPrefix)\(name)-\(random)")
        let written = AtomicFile.replace(path(named: name), through: temporary, with: [Data(header), image])
        let trimDue = writesSinceTrim.withLock { count in
            count += 1
            guard count >= trimInterval else { return false }
            count = 0
            return true
        }
        if trimDue { trim() }
        return written
    }

    /// Removes the least recently used files beyond `maxFiles`, and temporary files an hour old.
    public func trim() {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: folder) else { return }
        var cached: [(path: String, modified: Date)] = []
        let now = Date()
        for name in names {
            let path = path(named: name)
            let modified = (try? files.attributesOfItem(atPath: path))?[.modificationDate] as? Date ?? .distantPast
            if Self.isCacheFileName(name) {
                cached.append((path, modified))
            } else if name.hasPrefix(Self.temporaryPrefix), now.timeIntervalSince(modified) > Self.staleTemporaryAge {
                try? files.removeItem(atPath: path)
            }
        }
        guard cached.count > maxFiles else { return }
        cached.sort { $0.modified < $1.modified }
        for file in cached.prefix(cached.count - maxFiles) {
            try? files.removeItem(atPath: file.path)
        }
    }

    /// The paths of the cached images now in the folder.
    public func storedFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter(Self.isCacheFileName).map(path(named:)).sorted()
    }

    static func isCacheFileName(_ name: String) -> Bool {
        name.utf8.count == 16 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// "TPH1", the URL's UTF-8 length as two big-endian bytes, then the URL.
    static func header(for url: String) -> [UInt8]? {
        let bytes = Array(url.utf8)
        guard bytes.count <= Int(UInt16.max) else { return nil }
        return magic + [UInt8(truncatingIfNeeded: bytes.count >> 8), UInt8(truncatingIfNeeded: bytes.count)] + bytes
    }
}

/// Whole-file replacement with POSIX calls: Foundation's atomic writes create the file with the
/// default mode and change it afterwards; here the temporary file is 0600 from the start.
private enum AtomicFile {
    static func replace(_ path: String, through temporary: String, with chunks: [Data]) -> Bool {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        var ok = chunks.allSatisfy { writeAll($0, to: descriptor) }
        if close(descriptor) != 0 { ok = false }
        if ok, rename(temporary, path) == 0 { return true }
        unlink(temporary)
        return false
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
