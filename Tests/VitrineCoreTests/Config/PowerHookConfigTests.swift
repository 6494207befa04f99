import Testing
@testable import VitrineCore

/// `display.onSleep`, `onWake` and `hookTimeout`: what they accept and the one-line messages for what they refuse.
@Suite struct PowerHookConfigTests {
    func display(_ members: String) -> String {
        #"{"display": {\#(members)}, "cards": [{"title": "A", "image": "a.jpg"}]}"#
    }

    /// The errors `members` of `display` give, as `path: message`.
    func errors(_ members: String) -> [String] {
        (configError(display(members))?.diagnostics ?? []).map { "\($0.path): \($0.message)" }
    }

    @Test func commandsAndTimeoutDecode() throws {
        let (config, warnings) = try decodeConfig(display(
            #""onSleep": ["cec-ctl", "--to", "0", "--standby"], "onWake": ["vcgencmd", "display_power", "1"], "hookTimeout": 3.5"#))
        #expect(warnings.isEmpty)
        #expect(config.display.hooks.onSleep == ["cec-ctl", "--to", "0", "--standby"])
        #expect(config.display.hooks.onWake == ["vcgencmd", "display_power", "1"])
        #expect(config.display.hooks.timeout == 3.5)
        #expect(config.display.hooks.run(.onWake) == PowerHookRun(kind: .onWake, command: ["vcgencmd", "display_power", "1"], timeout: 3.5))
    }

    @Test func noHooksByDefault() throws {
        let config = try decodeConfig(display("")).config
        #expect(config.display.hooks == PowerHooks())
        #expect(config.display.hooks.run(.onSleep) == nil)
        #expect(config.display.hooks.timeout == 10)
    }

    @Test func aStringIsRefusedWithAHintToSplitIt() {
        #expect(errors(#""onSleep": "vcgencmd display_power 0""#) == [
            #"display.onSleep: expected a command as an array of strings, program first, such as ["vcgencmd", "display_power", "0"], found a string (no shell runs it: split it into words)"#,
        ])
    }

    @Test func badArraysAreRefusedNamingTheWord() {
        #expect(errors(#""onWake": []"#) == [
            #"display.onWake: expected a command as an array of strings, program first, such as ["vcgencmd", "display_power", "0"], found an empty array"#,
        ])
        #expect(errors(#""onWake": ["", "x"]"#) == ["display.onWake[0]: expected a non-empty string, found an empty string"])
        #expect(errors(#""onSleep": ["cec-ctl", 0, true]"#) == [
            "display.onSleep[1]: expected a string, found a number", "display.onSleep[2]: expected a string, found a boolean",
        ])
        #expect(errors(#""onSleep": ["sh", "a\u0000b"]"#) == ["display.onSleep[1]: contains a NUL character, which cannot be passed to a program"])
        let many = Array(repeating: #""x""#, count: 65).joined(separator: ",")
        #expect(errors(#""onSleep": [\#(many)]"#) == ["display.onSleep: 65 words is over the limit of 64"])
        #expect(errors(#""onSleep": {"run": "x"}"#).first?.hasSuffix("found an object") == true)
    }

    @Test func timeoutMustBeInRange() {
        #expect(errors(#""hookTimeout": 0"#) == ["display.hookTimeout: expected a number from 0.1 to 600, found 0"])
        #expect(errors(#""hookTimeout": "10""#) == ["display.hookTimeout: expected a number from 0.1 to 600, found a string"])
    }
}
