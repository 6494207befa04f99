import Glibc
import VitrineCore
import VitrineSystem
import VitrineSDL

/// `vitrine decode` (not in the usage; for `Scripts/image_suites.py`): decodes one image file with the kiosk's
/// decoder and limits and writes the decoded pixels, so a script can compare them with another decoder's.
struct DecodeCommand {
    static let help = """
        usage: vitrine decode FILE [--cover WxH | --full] [--no-exif] [--output FILE.png] [--peak]

        Decodes FILE as a card's picture is decoded (ImageDecoder, with every limit), prints `ok WxH` and one
        `note: …` line for each change the kiosk makes, or `refused: REASON`, and with --output writes the
        decoded, upright, opaque pixels as a PNG. For testing the decoders; needs no display.
        Exits 0 when the file can be shown, 65 when it cannot.

        options:
          --cover WxH     decode at the size a card of WxH needs (default 1200x800, the default window's card)
          --full          decode at full size (no JPEG scaling, no PNG shrinking)
          --no-exif       leave the Exif orientation alone (display.exifOrientation false)
          --output FILE   where to write the decoded pixels as a PNG
          --peak          print `peak: N KiB, helper N KiB`: this process's peak resident memory and its helper's
                          (HEIC and AVIF are decoded in a helper process)
        """

    var file: String?
    var covering = ImageRequest(path: "", size: PixelSize(width: 1200, height: 800)).cardSize
    var full = false
    var exifOrientation = true
    var output: String?
    var peak = false

    /// Reads the options; nil when help was printed.
    static func parse(_ arguments: [String]) throws(UsageError) -> DecodeCommand? {
        var reader = ArgumentReader(arguments, command: "decode")
        if reader.wantsHelp { print(help); return nil }
        var command = DecodeCommand()
        while let flag = reader.next() {
            switch flag {
            case "--cover": command.covering = ImageRequest(path: "", size: try ArgumentReader.size(reader.value(for: flag), flag: flag)).cardSize
            case "--full": command.full = true
            case "--no-exif": command.exifOrientation = false
            case "--output": command.output = try reader.value(for: flag)
            case "--peak": command.peak = true
            default:
                guard command.file == nil, !flag.hasPrefix("-") else {
                    throw UsageError(description: "unknown option '\(Limits.shortened(flag))' for 'decode'")
                }
                command.file = flag
            }
        }
        guard command.file != nil else { throw UsageError(description: "decode needs a FILE") }
        return command
    }

    /// Decodes the file and prints what happened; returns the exit code.
    func execute() -> Int32 {
        guard let file else { return ExitCode.usage }
        // Full size: a target no picture is smaller than gives JPEG scale 8/8 and PNG box factor 1.
        let target = full ? PixelSize(width: Int(Int32.max), height: Int(Int32.max)) : covering
        do throws(SDLError) {
            let library = try SDLLibrary(video: false)
            return withExtendedLifetime(library) { () -> Int32 in
                let decoded: DecodedImage
                do throws(SDLError) {
                    decoded = try ImageDecoder.decode(path: file, options: DecodeOptions(covering: target, exifOrientation: exifOrientation))
                } catch {
                    print("refused: \(error.message)")
                    return ExitCode.dataError
                }
                print("ok \(decoded.surface.size.width)x\(decoded.surface.size.height)")
                for note in decoded.notes { print("note: \(note)") }
                if peak {
                    var own = rusage(), helpers = rusage()
                    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &own)
                    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &helpers)
                    print("peak: \(own.ru_maxrss) KiB, helper \(helpers.ru_maxrss) KiB")
                }
                guard let output else { return ExitCode.ok }
                do throws(SDLError) {
                    try decoded.surface.writePNG(to: output)
                } catch {
                    Log.error("cannot write \(output): \(error.message)")
                    return ExitCode.cantCreate
                }
                return ExitCode.ok
            }
        } catch {
            Log.error("\(error)")
            return ExitCode.software
        }
    }

    /// `vitrine heif-decode FILE WxH RRGGBB`: the helper process that decodes one HEIC or AVIF for the kiosk
    /// (``HEIFHelper/serve(_:)``); returns its exit code.
    static func serveHEIF(_ arguments: [String]) -> Int32 {
        do throws(SDLError) {
            let library = try SDLLibrary(video: false)
            return withExtendedLifetime(library) { HEIFHelper.serve(arguments) }
        } catch {
            print("refused over \(error.message)")
            return ExitCode.software
        }
    }
}
