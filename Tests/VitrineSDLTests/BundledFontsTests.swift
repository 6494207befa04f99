import Testing
@testable import VitrineSDL

@Suite struct BundledFontsTests {
    @Test func anInstalledBinaryLooksInItsPrefixsShareFolderBeforeTheWorkingDirectory() {
        let folders = BundledFonts.searchFolders(assets: nil, executable: "/opt/kiosk/bin/vitrine", workingDirectory: "/home/k")
        #expect(folders == [
            "/opt/kiosk/bin/Assets/Fonts", "/opt/kiosk/Assets/Fonts", "/opt/Assets/Fonts", "/Assets/Fonts",
            "/opt/kiosk/share/vitrine/Fonts", "/home/k/Assets/Fonts", "/usr/share/vitrine/Fonts",
        ])
    }

    @Test func inUsrBinThePrefixFolderIsUsrShareOnce() {
        let folders = BundledFonts.searchFolders(assets: nil, executable: "/usr/bin/vitrine", workingDirectory: nil)
        #expect(folders == ["/usr/bin/Assets/Fonts", "/usr/Assets/Fonts", "/Assets/Fonts", "/usr/share/vitrine/Fonts"])
    }

    @Test func theAssetsVariableComesFirstAndABuildFindsTheCheckout() {
        let folders = BundledFonts.searchFolders(assets: "/srv/assets", executable: "/src/vitrine/.build/x86_64-unknown-linux-gnu/debug/vitrine",
                                                 workingDirectory: "/src/vitrine")
        #expect(folders.first == "/srv/assets/Fonts")
        #expect(folders.firstIndex(of: "/src/vitrine/Assets/Fonts")! < folders.firstIndex(of: "/usr/share/vitrine/Fonts")!)
        #expect(BundledFonts.searchFolders(assets: "", executable: "/usr/bin/vitrine", workingDirectory: nil).first == "/usr/bin/Assets/Fonts")
    }
}
