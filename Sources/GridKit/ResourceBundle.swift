import Foundation

/// Finds a file or folder in one of the package's resource bundles (`Tessera_<Target>.resources`,
/// `.bundle` on Apple platforms) beside the running binary, so a build copied to another folder
/// with its bundles next to it still finds them.
///
/// SwiftPM's generated `Bundle.module` is not used: on Linux it stops the process with
/// `fatalError` when the bundle is missing (a binary copied without its bundles); here a missing
/// bundle is `nil`, and the caller says what is missing.
public enum ResourceBundle {
    /// `name` inside target `target`'s resource bundle, in the first folder that has it.
    public static func find(_ name: String, inBundleOf target: String, directory: Bool) -> URL? {
        for folder in searchFolders {
            for suffix in [".resources", ".bundle", ".bundle/Contents/Resources"] {
                let url = folder.appendingPathComponent("Tessera_\(target)\(suffix)").appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue == directory {
                    return url
                }
            }
        }
        return nil
    }

    /// The binary's folder (as started, and with symlinks resolved: `/usr/local/bin/tessera` may
    /// link to the real install folder), and the main bundle's (the test runner's build folder).
    static var searchFolders: [URL] {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL {
            folders.append(executable.deletingLastPathComponent())
            folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        if let resources = Bundle.main.resourceURL { folders.append(resources) }
        var unique: [URL] = []
        for folder in folders.map(\.standardizedFileURL) where !unique.contains(folder) { unique.append(folder) }
        return unique
    }
}
