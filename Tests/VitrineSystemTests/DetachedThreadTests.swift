import Dispatch
import Glibc
import Testing
@testable import VitrineCore
@testable import VitrineSystem

@Suite struct DetachedThreadTests {
    /// What a test thread saw, handed back to the test.
    final class Report: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var name = ""
        var thread: pthread_t?
    }

    /// The calling thread's name, as the kernel keeps it.
    static func currentThreadName() -> String {
        let bytes = (try? FileDescriptor.readFile(atPath: "/proc/thread-self/comm")) ?? []
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }

    @Test func runsTheBodyOnANewThreadWithItsName() throws {
        let report = Report()
        try DetachedThread.start(name: "vitrine-test") {
            report.name = DetachedThreadTests.currentThreadName()
            report.thread = pthread_self()
            report.done.signal()
        }
        #expect(report.done.wait(timeout: .now() + 10) == .success)
        #expect(report.name == "vitrine-test")
        #expect(report.thread.map { pthread_equal($0, pthread_self()) == 0 } == true)
    }

    @Test func aLongNameIsCutToWhatLinuxKeeps() throws {
        let report = Report()
        try DetachedThread.start(name: "vitrine-a-name-longer-than-fifteen") {
            report.name = DetachedThreadTests.currentThreadName()
            report.done.signal()
        }
        #expect(report.done.wait(timeout: .now() + 10) == .success)
        #expect(report.name == "vitrine-a-name-")
    }
}
