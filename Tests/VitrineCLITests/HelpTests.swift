import Foundation
import Testing
import VitrineTestSupport

@Suite struct HelpTests {
    @Test(arguments: [["--help"], ["help"], ["run", "--help"], ["render", "--help"], ["replay", "--help"], ["check", "--help"], ["bench", "--help"]])
    func helpPrintsUsageAndSucceeds(arguments: [String]) throws {
        let result = try VitrineProcess.run(arguments, timeout: .seconds(10))
        #expect(result.code == 0)
        #expect(result.out.contains("usage: vitrine"))
    }
}
