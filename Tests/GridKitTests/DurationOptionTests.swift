import GridKit
import Testing

/// `--retain-idle 90d` and friends: a whole number and one unit, nothing else.
@Suite struct DurationOptionTests {
    @Test func readsEachUnit() {
        #expect(Duration(option: "1s") == .seconds(1))
        #expect(Duration(option: "30m") == .seconds(1800))
        #expect(Duration(option: "12h") == .seconds(43_200))
        #expect(Duration(option: "90d") == .seconds(90 * 86_400))
        #expect(Duration(option: " 7D ") == .seconds(7 * 86_400))
    }

    @Test func refusesWhatIsNotOne() {
        for text in ["", "d", "90", "1.5h", "-1d", "+1d", "0s", "1w", "1 d", "1d2h", "99999999999d", "١d"] {
            #expect(Duration(option: text) == nil, "\(text)")
        }
    }

    @Test func writesTheLargestWholeUnit() {
        #expect(Duration.seconds(90 * 86_400).optionText == "90d")
        #expect(Duration.seconds(36 * 3600).optionText == "36h")
        #expect(Duration.seconds(90).optionText == "90s")
        #expect(Duration.seconds(120).optionText == "2m")
        #expect(Duration(option: "12h")?.optionText == "12h")
    }

    @Test func wholeNumbersHoldAtTheEndsInsteadOfTrapping() {
        #expect(Duration.milliseconds(1500).wholeNanoseconds == 1_500_000_000)
        #expect(Duration.milliseconds(1500).wholeMilliseconds == 1500)
        #expect(Duration.nanoseconds(1_999_999).wholeMilliseconds == 1, "the fraction dropped")
        #expect(Duration.milliseconds(-2).wholeNanoseconds == -2_000_000)
        #expect(Duration.seconds(Int64.max).wholeNanoseconds == .max)
        #expect(Duration.seconds(Int64.min).wholeNanoseconds == .min)
        #expect(Duration.seconds(9_223_372_036).wholeNanoseconds == 9_223_372_036_000_000_000)
        #expect(Duration.seconds(9_223_372_036).wholeMilliseconds == 9_223_372_036_000)
        #expect((Duration.seconds(9_223_372_036) + .nanoseconds(999_999_999)).wholeNanoseconds == .max, "the carry saturates")
    }
}
