/// The process exit codes Vitrine uses, from BSD's sysexits.h so scripts and systemd can tell failures apart.
enum ExitCode {
    /// Success.
    static let ok: Int32 = 0
    /// The command line was wrong: an unknown subcommand or flag, a missing or malformed value.
    static let usage: Int32 = 64
    /// The input data was wrong: malformed or invalid config.
    static let dataError: Int32 = 65
    /// An input file could not be opened.
    static let noInput: Int32 = 66
    /// A service the command needs is missing: no display for a window.
    static let unavailable: Int32 = 69
    /// Something inside failed: a renderer or a write that should have worked.
    static let software: Int32 = 70
    /// An output file could not be created.
    static let cantCreate: Int32 = 73
    /// A service did not answer in time (the control socket).
    static let tempFail: Int32 = 75
    /// A peer broke the protocol (a control reply that is not one).
    static let protocolError: Int32 = 76
}
