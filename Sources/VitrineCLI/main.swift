import Glibc

// Before anything else: a write to a pipe or socket nobody reads fails with EPIPE, which each writer reports.
StartupSignals.takeOverAtStart()
exit(Vitrine.main(Array(CommandLine.arguments.dropFirst())))
