import Glibc

exit(Vitrine.main(Array(CommandLine.arguments.dropFirst())))
