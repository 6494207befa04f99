import Glibc

/// The address of a Unix stream socket at a path, for `bind` and `connect`.
public struct UnixSocketAddress {
    private var address = sockaddr_un()

    /// The address of `path`; `operation` names the call in the error when the path is too long for a socket.
    public init(path: String, for operation: String) throws(SystemError) {
        address.sun_family = sa_family_t(AF_UNIX)
        guard path.utf8.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw SystemError(operation: operation, code: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in path.utf8.enumerated() { buffer[i] = byte }
        }
    }

    /// Binds socket `fd` to the address: `bind(2)`'s result.
    public func bind(_ fd: Int32) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Connects socket `fd` to the address: `connect(2)`'s result.
    public func connect(_ fd: Int32) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
