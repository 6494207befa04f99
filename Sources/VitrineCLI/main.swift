import Foundation

exit(Vitrine.main(Array(CommandLine.arguments.dropFirst())))
