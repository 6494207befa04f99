import Testing
@testable import VitrineCore

/// The top-level `transition` key.
@Suite struct TransitionConfigTests {
    @Test func itDefaultsToSlideAndTakesEachTransitionByName() throws {
        #expect(try decodeConfig(#"{"cards": []}"#).config.transition == .slide)
        for transition in PageTransition.allCases {
            let (config, warnings) = try decodeConfig(#"{"cards": [], "transition": "\#(transition.rawValue)"}"#)
            #expect(config.transition == transition)
            #expect(warnings.isEmpty)
        }
    }

    @Test(arguments: [(#""wipe""#, #"found "wipe""#), (#""Fade""#, #"found "Fade""#), ("1", "found a number"),
                      ("null", "found null")])
    func anUnknownTransitionIsOneLineNamingTheKeyAndTheAllowedValues(value: String, found: String) throws {
        let error = try #require(configError(#"{"cards": [], "transition": \#(value)}"#))
        #expect(error.kind == .invalid && error.diagnostics.count == 1)
        #expect(error.description == #"/kiosk/config.json: transition: expected "slide", "fade" or "none", "# + found)
    }

    @Test func theRuntimeTakesTheTransitionAtStartAndOnReload() {
        var config = RuntimeFixture.config(RuntimeFixture.cards(3))
        config.transition = .fade
        var faded = config
        faded.transition = .none
        var kiosk = RuntimeFixture.kiosk(config, files: ["/deck/kiosk.json": faded])
        #expect(kiosk.runtime.session.pager.transition == .fade)
        kiosk.send(.reloadRequested, at: 1)
        kiosk.advance(to: 2)
        #expect(kiosk.runtime.session.pager.transition == PageTransition.none)
    }
}
