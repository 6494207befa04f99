internal import CFFmpeg
import Dispatch
import Glibc

extension FramePump {
    /// The decode thread's nice value: when the loop and the decode both want the CPU (a slide bringing the video in,
    /// the frames of a busy or single-core machine), the loop's frames come first, and the decode takes what is left,
    /// which the queue's frames decoded ahead give it time for. Measured on the shared 2-core machine (Docs/Benchmarks.md).
    public static let niceness: Int32 = 10

    /// Runs `body` on a thread of its own at ``niceness``: not one of Dispatch's, whose threads serve other work
    /// after, since an unprivileged thread cannot raise its priority again. Falls back to a Dispatch queue (at the
    /// normal priority) should no thread be made.
    static func startThread(label: String, _ body: @escaping @Sendable () -> Void) {
        final class Work {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let made = pthread_create(&thread, &attributes, { raw in
            _ = vitrine_thread_lower_priority(FramePump.niceness)
            Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, work)
        pthread_attr_destroy(&attributes)
        guard made != 0 else { return }
        Unmanaged<Work>.fromOpaque(work).release()
        DispatchQueue(label: label, qos: .userInitiated).async(execute: body)
    }
}
