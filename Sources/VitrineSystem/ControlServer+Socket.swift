import Glibc

// Making the control socket's file: a socket a running server holds is left to it, a new one is private from the start.

extension ControlServer {
    /// Whether a process listens on the socket at `address`: a connection is taken, or waits in a full backlog
    /// (without blocking: a hung server must not hold this one up).
    static func isServed(_ address: UnixSocketAddress) -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        return address.connect(probe) == 0 || errno == EAGAIN
    }

    /// Binds `fd` at `path` with mode 0660 (owner and group) from the moment a client can reach it there.
    ///
    /// It binds under a temporary name beside `path`, sets the mode, then renames it into place. Setting the umask
    /// around `bind` instead would change it for the whole process for that moment: a folder another thread made
    /// then (the card cache's, a test's) lost its owner's search bit. When no temporary name fits a socket
    /// address, it binds at `path` and sets the mode just after (with the usual umask 022, nobody else can
    /// connect in between).
    static func bindPrivately(_ fd: Int32, at path: String, address: UnixSocketAddress) -> Bool {
        let temporary = path + ".\(getpid()).new"
        guard let staging = try? UnixSocketAddress(path: temporary, for: "socket path \(temporary)") else {
            return address.bind(fd) == 0 && chmod(path, 0o660) == 0
        }
        unlink(temporary)
        guard staging.bind(fd) == 0 else { return false }
        guard chmod(temporary, 0o660) == 0, rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            errno = error
            return false
        }
        return true
    }
}
