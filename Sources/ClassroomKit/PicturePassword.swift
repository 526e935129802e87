import Foundation

/// How a class's pupils sign in: typing a generated password ("words"), or, for children who
/// cannot yet type one, tapping two pictures out of twelve ("pictures": 144 ways, which the
/// per-account limits on wrong passwords keep safe; the teacher unlocks a pupil who forgets).
public enum SignInMode: String, Codable, CaseIterable, Sendable {
    case words, pictures
}

/// A picture password: two of `PicturePassword.pictures`, in order (the same one twice is
/// allowed). It is hashed and checked like any password, as its `text`, so nothing else about
/// passwords changes.
public enum PicturePassword {
    /// The pictures' names: what the page draws (our own art, `Public/classroom/pictures/`) and
    /// says aloud, and what a sign-in sends.
    public static let pictures = ["apple", "boat", "cat", "drum", "fish", "kite",
                                  "moon", "owl", "rocket", "star", "tree", "umbrella"]
    public static let length = 2

    /// A new random password.
    public static func random() -> [String] {
        var generator = SystemRandomNumberGenerator()
        return (0..<length).map { _ in pictures.randomElement(using: &generator) ?? "apple" }
    }

    /// The password as hashed: nil unless it is `length` known pictures.
    public static func text(_ chosen: [String]) -> String? {
        guard chosen.count == length, chosen.allSatisfy(pictures.contains) else { return nil }
        return "pictures:" + chosen.joined(separator: " ")
    }
}
