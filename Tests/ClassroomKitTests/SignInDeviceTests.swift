import ClassroomKit
import Testing

/// The device proof behind "guesses elsewhere never lock you out here", and names as children type them.
@Suite struct SignInDeviceTests {
    let key = SignInDeviceKey(secret: Array("a secret every node shares".utf8))

    @Test func aDeviceVouchesOnlyForAccountsThatSignedInOnItWithThisServersKey() throws {
        var device = SignInDevice.fresh()
        #expect(!device.vouches(for: "mia", key: key))
        device.remember("mia", key: key)
        let read = try #require(SignInDevice(cookie: device.cookie))
        #expect(read == device)
        #expect(read.vouches(for: "mia", key: key))
        #expect(!read.vouches(for: "tom", key: key))
        #expect(!read.vouches(for: "mia", key: SignInDeviceKey(secret: Array("another server".utf8))))
        // The tag is bound to this device: copied onto another device id it vouches for nobody.
        let other = SignInDevice.fresh()
        let grafted = try #require(SignInDevice(cookie: other.id + "." + device.tags[0]))
        #expect(!grafted.vouches(for: "mia", key: key))
    }

    @Test func aSharedTabletRemembersTheNewestFortyAccounts() {
        var device = SignInDevice.fresh()
        for pupil in 0..<50 { device.remember("pupil-\(pupil)", key: key) }
        device.remember("pupil-49", key: key)
        #expect(device.tags.count == SignInDevice.maxAccounts)
        #expect(device.vouches(for: "pupil-49", key: key) && device.vouches(for: "pupil-10", key: key))
        #expect(!device.vouches(for: "pupil-9", key: key))
    }

    @Test(arguments: ["", "xyz", String(repeating: "a", count: 31), String(repeating: "A", count: 32),
                      String(repeating: "a", count: 32) + ".zz", String(repeating: "a", count: 32) + "..",
                      String(repeating: "a", count: 32) + String(repeating: "." + String(repeating: "b", count: 16), count: 41)])
    func malformedCookiesAreNoDevice(_ cookie: String) {
        #expect(SignInDevice(cookie: cookie) == nil)
    }

    @Test func namesMatchIgnoringCapitalsAccentsAndSpacesOnlyWhenThatNamesOnePupil() {
        let pupils = ["Chloé D", "Zoé A", "Zoe A", "Ana  Sofía"].map {
            Account(id: $0, role: .pupil, name: $0, passwordHash: "x", classID: "c")
        }
        #expect(ClassRules.pupil(looselyNamed: "chloe  d", among: pupils)?.name == "Chloé D")
        #expect(ClassRules.pupil(looselyNamed: " ANA SOFIA ", among: pupils)?.name == "Ana  Sofía")
        #expect(ClassRules.pupil(looselyNamed: "zoe a", among: pupils) == nil, "two pupils answer to it")
        #expect(ClassRules.pupil(looselyNamed: "chloe", among: pupils) == nil)
    }
}
