import Glibc
import VitrineCore
import VitrineSystem

/// `vitrine ctl`: sends a command to a running kiosk's control socket and prints the reply.
struct CtlCommand {
    static let help = """
        usage: vitrine ctl [--control PATH | --display N] COMMAND [ARGUMENT]
               vitrine ctl [--control PATH | --display N] --stdin

        Tells a running kiosk what to do through its control socket and prints the reply, one JSON line
        ({"ok":true,…} or {"ok":false,"error":"…"}).

        commands:
          next | previous        page forward or back
          goto N | goto ID       go to card N (from 0), or to the card with that id
          pause | resume         pause or resume attract mode
          reload                 read the config and images again
          status                 page, id, cards, paused, uptime, lastFrameAge, framesOverBudget, asleep
          screenshot FILE.png    write the frame on screen to FILE.png
          wake                   wake a sleeping screen (display.awake) for display.wakeFor seconds

        options:
          --control PATH   the socket (default $VITRINE_CONTROL, else \(defaultSocket))
          --display N      the socket of vitrine@N.service, the kiosk on display N: /run/vitrine/control-N.sock
          --stdin          relay commands from standard input, one per line (words as above, or a JSON request);
                           for example: mosquitto_sub -t kiosk/lobby | vitrine ctl --stdin

        Exit status: 0 when every command was carried out, 65 when the kiosk refused one, 64 for a bad command
        line, 69 when no kiosk listens on the socket, 75 when it did not answer in \(ControlClient.replyTimeout) s, 76 for a reply
        that is not one.
        """

    /// Where `vitrine.socket` puts the socket.
    static let defaultSocket = "/run/vitrine/control.sock"

    /// Where `vitrine@N.socket` puts display `index`'s socket, one kiosk of several.
    static func socket(forDisplay index: Int) -> String { "/run/vitrine/control-\(index).sock" }

    var socket: String = {
        if let value = getenv("VITRINE_CONTROL"), value.pointee != 0 { return String(cString: value) }
        return CtlCommand.defaultSocket
    }()
    var words: [String] = []
    var fromStandardInput = false

    /// Reads the options; nil when help was printed.
    static func parse(_ arguments: [String]) throws(UsageError) -> CtlCommand? {
        var reader = ArgumentReader(arguments, command: "ctl")
        if reader.wantsHelp { print(help); return nil }
        var command = CtlCommand()
        while let word = reader.next() {
            switch word {
            case "--control": command.socket = try reader.value(for: word)
            case "--display": command.socket = socket(forDisplay: try ArgumentReader.displayIndex(reader.value(for: word), flag: word))
            case "--stdin": command.fromStandardInput = true
            default:
                if word.hasPrefix("--") { throw UsageError(description: "unknown option '\(word)' for 'ctl'") }
                command.words.append(word)
            }
        }
        if command.fromStandardInput {
            guard command.words.isEmpty else { throw UsageError(description: "--stdin takes its commands from standard input, not the command line") }
        } else {
            do throws(ControlError) {
                _ = try ControlCommand(words: command.words)
            } catch {
                throw UsageError(description: error.message)
            }
        }
        return command
    }

    /// Connects, sends, prints; returns the exit code.
    func execute() -> Int32 {
        let client: ControlClient
        do throws(SystemError) {
            client = try ControlClient(path: socket)
        } catch {
            Log.error("no kiosk answers on \(socket): \(error.reason); start one with 'vitrine run --control \(socket)' or the vitrine.socket unit")
            return ExitCode.unavailable
        }
        guard fromStandardInput else {
            // `words` parsed in `parse`; a relative screenshot path is the caller's, not the kiosk's.
            guard let command = try? ControlCommand(words: words) else { return ExitCode.usage }
            return send(absolute(command), through: client)
        }
        var status = ExitCode.ok
        // A line the kiosk would refuse (and then hang up on this client) is refused here, and the relay goes on.
        var lines = FileDescriptor.Lines(FileDescriptor(rawValue: STDIN_FILENO), limit: ControlServer.Limits.lineBytes)
        while let next = lines.next() {
            guard case .text(let line) = next else {
                print(ControlReply.failure("request line longer than \(ControlServer.Limits.lineBytes) bytes").jsonLine)
                status = ExitCode.dataError
                continue
            }
            let text = String(line.drop(while: { $0 == " " || $0 == "\t" }))
            guard !text.isEmpty else { continue }
            let request: String
            if text.hasPrefix("{") {
                request = text
            } else {
                do throws(ControlError) {
                    request = absolute(try ControlCommand(words: text.split(separator: " ").map(String.init))).jsonLine
                } catch {
                    print(ControlReply.failure(error.message).jsonLine)
                    status = ExitCode.dataError
                    continue
                }
            }
            let code = send(request, through: client)
            if code == ExitCode.unavailable || code == ExitCode.tempFail { return code }
            if code != ExitCode.ok { status = code }
        }
        return status
    }

    /// The command with a relative screenshot path made absolute against this process's folder.
    private func absolute(_ command: ControlCommand) -> ControlCommand {
        guard case .screenshot(let path) = command, !path.hasPrefix("/") else { return command }
        guard let folder = getcwd(nil, 0) else { return command }
        defer { free(folder) }
        return .screenshot(path: String(cString: folder) + "/" + path)
    }

    private func send(_ command: ControlCommand, through client: ControlClient) -> Int32 {
        send(command.jsonLine, through: client)
    }

    /// Sends one request line, prints the reply; the exit code it stands for.
    private func send(_ request: String, through client: ControlClient) -> Int32 {
        let reply: String
        do throws(SystemError) {
            reply = try client.request(request)
        } catch {
            if error.code == EAGAIN || error.code == EWOULDBLOCK {
                Log.error("the kiosk on \(socket) did not answer within \(ControlClient.replyTimeout) s")
                return ExitCode.tempFail
            }
            Log.error("the kiosk on \(socket) hung up: \(error.reason)")
            return ExitCode.unavailable
        }
        print(reply)
        guard case .object = try? JSONValue.parse(reply), case .bool(let ok)? = (try? JSONValue.parse(reply))?["ok"] else {
            Log.error("the kiosk on \(socket) sent a reply that is not one: \(JSONText.shortened(reply))")
            return ExitCode.protocolError
        }
        return ok ? ExitCode.ok : ExitCode.dataError
    }
}
