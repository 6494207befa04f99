import Testing
@testable import VitrineCore

/// A URL where a file path belongs (`image`, `cards.folder`) is one line saying Vitrine shows local files.
@Suite struct RemoteURLTests {
    @Test(arguments: ["https://example.com/a.jpg", "http://example.com/a.jpg", "ftp://host/a.png", "s3+x.y-z://bucket/a.jpg",
                      "HTTPS://EXAMPLE.COM/A.JPG"])
    func aURLAsAnImageIsOneLineNamingItAndTheWayToShowIt(url: String) throws {
        let error = try #require(configError(#"{"cards": [{"title": "A", "image": "\#(url)"}]}"#))
        #expect(error.kind == .invalid && error.diagnostics.count == 1)
        #expect(error.description == #"/kiosk/config.json: cards[0].image: "\#(url)" is a URL: "# + ConfigValidator.remoteURLAdvice)
        #expect(!error.description.contains("\n"))
        #expect(ConfigValidator.remoteURLAdvice.contains("rsync") && ConfigValidator.remoteURLAdvice.contains("Syncthing")
                && ConfigValidator.remoteURLAdvice.contains("rclone"))
    }

    @Test func aURLAsTheFolderIsRefusedTheSameWay() throws {
        let error = try #require(configError(#"{"cards": {"folder": "rsync://host/photos"}}"#))
        #expect(error.description == #"/kiosk/config.json: cards.folder: "rsync://host/photos" is a URL: "# + ConfigValidator.remoteURLAdvice)
    }

    @Test(arguments: ["a.jpg", "photos/a:b.jpg", "c:/a.jpg", "1http://a.jpg", "http:/a.jpg", "my pics://a.jpg", "./https://a.jpg", "x:"])
    func pathsThatAreNotURLsStayPaths(path: String) throws {
        let (config, _) = try decodeConfig(#"{"cards": [{"title": "A", "image": "\#(path)"}]}"#)
        #expect(config.cards.count == 1)
    }
}
