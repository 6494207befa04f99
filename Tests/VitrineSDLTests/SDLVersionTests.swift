import Testing
@testable import VitrineSDL

@Suite struct SDLVersionTests {
    @Test func linksSDL2AndItsCompanions() {
        let versions = linkedSDLVersions()
        #expect(versions.hasPrefix("SDL 2."))
        #expect(versions.contains("SDL_image 2."))
        #expect(versions.contains("SDL_ttf 2."))
    }
}
