import CSDL2
import Glibc
import VitrineCore
import VitrineSystem

/// The write end of the self-pipe the signal handler writes to: the one thing an async-signal-safe handler may touch.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns POSIX signals into SDL events, so the event loop (blocked in `SDL_WaitEvent`) wakes and handles them.
///
/// The handler only writes the signal number to a pipe (async-signal-safe); a thread reads the pipe and pushes
/// an SDL user event carrying the number. SDL's own handlers are off (`SDL_HINT_NO_SIGNAL_HANDLERS`), so SIGINT
/// and SIGTERM are not confused with a window's close request.
public final class SignalBridge {
    /// The signals bridged: quit (SIGINT, SIGTERM), reload (SIGHUP), statistics (SIGUSR1).
    public static let bridged: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGUSR1]
    /// The name of the thread that turns signals into events, as `top -H` shows it.
    public static let threadName = "vitrine-signals"

    /// The SDL event type the bridge pushes; `event.user.code` is the signal number.
    public let eventType: UInt32
    private let readEnd: Int32

    /// Installs the handlers; needs SDL initialised (events are registered with it).
    public init() throws(SDLError) {
        let type = SDL_RegisterEvents(1)
        guard type != UInt32.max else { throw SDLError.current("SDL_RegisterEvents") }
        eventType = type
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw SDLError(operation: "pipe", message: String(cString: strerror(errno))) }
        readEnd = fds[0]
        signalPipeWriteEnd = fds[1]
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        // A parent may hand us a mask with these blocked (test runners do): unblock them for this thread and the
        // ones it starts.
        var set = sigset_t()
        sigemptyset(&set)
        for signal in SignalBridge.bridged { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for signal in SignalBridge.bridged {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWriteEnd, &byte, 1)
            }
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        let readEnd = self.readEnd
        do throws(SystemError) {
            try DetachedThread.start(name: SignalBridge.threadName) {
                var byte: UInt8 = 0
                while read(readEnd, &byte, 1) == 1 {
                    var event = SDL_Event()
                    event.type = type
                    event.user.code = Int32(byte)
                    SDL_PushEvent(&event)
                }
            }
        } catch {
            throw SDLError(operation: error.operation, message: error.reason)
        }
    }

    /// The signal an SDL event carries, if it is one of ours.
    public func signal(in event: SDL_Event) -> Int32? {
        event.type == eventType ? event.user.code : nil
    }
}
