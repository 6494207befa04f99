#pragma once
// POSIX calls Swift's Glibc module does not show: it is built without _GNU_SOURCE, which glibc needs to declare them.

/// glibc's `pipe2` (since 2.9): a pipe whose two ends get `flags` (`O_CLOEXEC`) as they are made, with no moment in
/// which a child started by another thread could inherit them.
int pipe2(int fds[2], int flags);
