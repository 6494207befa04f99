import Glibc

/// How the kiosk starts a child (a power hook, a HEIF helper): standard input `/dev/null`, standard output (and
/// error, or `/dev/null`) where the caller says, the signals the kiosk ignores or handles back at their defaults and
/// none blocked, optionally in a process group of its own; no shell.
enum ChildSpawn {
    /// The signals the kiosk handles or ignores, put back at their defaults in every child.
    static let defaultedSignals = [SIGPIPE, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGCHLD, SIGALRM, SIGXCPU]

    /// Starts `command` (its first word found on `PATH` when `searchPath`, else an absolute path) with standard
    /// output on `output` and standard error on `output` too when `errorToOutput`, else `/dev/null`.
    static func spawn(_ command: [String], output: Int32, errorToOutput: Bool, ownProcessGroup: Bool,
                      searchPath: Bool) -> Result<pid_t, SystemError> {
        let name = searchPath ? "posix_spawnp" : "posix_spawn"
        guard let program = command.first else { return .failure(SystemError(operation: name, code: ENOENT)) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        if errorToOutput {
            posix_spawn_file_actions_adddup2(&actions, output, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        let group = ownProcessGroup ? Int32(POSIX_SPAWN_SETPGROUP) : 0
        posix_spawnattr_setflags(&attributes, Int16(group | Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)))
        if ownProcessGroup { posix_spawnattr_setpgroup(&attributes, 0) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultedSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for word in argv { free(word) } }
        var pid: pid_t = 0
        let code = searchPath ? posix_spawnp(&pid, program, &actions, &attributes, &argv, environ)
                              : posix_spawn(&pid, program, &actions, &attributes, &argv, environ)
        return code == 0 ? .success(pid) : .failure(SystemError(operation: "\(name)(\(program))", code: code))
    }
}
