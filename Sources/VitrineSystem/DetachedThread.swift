import Glibc

/// Starts POSIX threads that run a closure to its end on their own: nobody joins them.
public enum DetachedThread {
    /// The longest thread name Linux keeps, in bytes (`top -H` and debuggers show it); longer names are cut.
    public static let maximumNameLength = 15

    /// What the new thread runs, handed to it through `pthread_create`'s one pointer.
    fileprivate final class Start: Sendable {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Runs `body` on a new detached thread named `name` (its first ``maximumNameLength`` bytes).
    ///
    /// - Throws: ``SystemError`` with `pthread_create`'s error when the thread cannot be started; `body` then
    ///   never runs.
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemError) {
        let shortName = String(decoding: name.utf8.prefix(maximumNameLength), as: UTF8.self)
        let context = Unmanaged.passRetained(Start(name: shortName, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, runDetachedThread, context)
        guard status == 0 else {
            Unmanaged<Start>.fromOpaque(context).release()
            throw SystemError(operation: "pthread_create(\(name))", code: status)
        }
        pthread_detach(thread)
    }

    /// Names the calling thread, as `pthread_setname_np` would (which Swift's Glibc module does not offer): the
    /// kernel keeps the name in `/proc/thread-self/comm`. A failure leaves the thread with its parent's name.
    fileprivate static func nameCurrentThread(_ name: String) {
        guard let comm = try? FileDescriptor.open("/proc/thread-self/comm", flags: O_WRONLY) else { return }
        defer { comm.close() }
        try? comm.write(name)
    }
}

/// A new thread's first function (C needs a plain function): takes over the start it is handed, names the thread
/// and runs the body.
private func runDetachedThread(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let start = Unmanaged<DetachedThread.Start>.fromOpaque(context!).takeRetainedValue()
    DetachedThread.nameCurrentThread(start.name)
    start.body()
    return nil
}
