import Dispatch
import Glibc
import Testing
@testable import VitrineSystem

/// Lines read with a bound on each: what a relay reads from a pipe.
@Suite struct FileDescriptorLinesTests {
    /// The lines of `bytes` written to a pipe (from another thread, so a write larger than the pipe's buffer goes
    /// on while the lines are read), with a limit of `limit` bytes, and the most bytes held at once.
    static func lines(of bytes: [UInt8], limit: Int) throws -> (lines: [FileDescriptor.Lines.Line], mostHeld: Int) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let writer = ends[1]
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { [bytes] in
            defer { written.signal() }
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                sent += n
            }
            close(writer)
        }
        defer {
            close(ends[0])
            written.wait()
        }
        var reader = FileDescriptor.Lines(FileDescriptor(rawValue: ends[0]), limit: limit)
        var lines: [FileDescriptor.Lines.Line] = []
        var mostHeld = 0
        while let line = reader.next() {
            lines.append(line)
            mostHeld = max(mostHeld, reader.heldBytes)
        }
        return (lines, mostHeld)
    }

    @Test func linesComeWithoutTheirNewlinesAndTheLastNeedsNone() throws {
        let result = try Self.lines(of: Array("next\r\n\n  status\n{\"cmd\":\"wake\"}".utf8), limit: 100)
        #expect(result.lines == [.text("next"), .text(""), .text("  status"), .text(#"{"cmd":"wake"}"#)])
    }

    @Test func aLineOverTheLimitIsReadPastAndTheNextOnesCome() throws {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 3_000_000)
        let result = try Self.lines(of: long + Array("\nnext\n".utf8) + long, limit: 8192)
        #expect(result.lines == [.tooLong, .text("next"), .tooLong])
        // The 3 MB lines were never held: at most the limit and one read.
        #expect(result.mostHeld <= 8192 + 64 * 1024, "\(result.mostHeld) bytes held")
    }

    @Test func aLineOfExactlyTheLimitIsKept() throws {
        let line = String(repeating: "y", count: 16)
        let result = try Self.lines(of: Array((line + "\n" + line + "y\n").utf8), limit: 16)
        #expect(result.lines == [.text(line), .tooLong])
    }
}
