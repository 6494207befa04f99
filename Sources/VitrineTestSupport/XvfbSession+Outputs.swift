import Foundation
import VitrineCore

extension XvfbSession {
    /// Starts Xorg with the dummy video driver on a display it picks itself, no window manager and no input devices,
    /// and lays out one output per size in `outputs`, left to right from (0, 0) (`xrandr`): SDL sees one display per
    /// output, at those bounds, as on a machine with two monitors. Fails the test if Xorg, the dummy driver, xrandr
    /// or xdotool is missing.
    ///
    /// Xvfb cannot stand for such a machine: SDL counts displays as the X screen's RandR outputs, and Xvfb has one
    /// output per X screen (`xrandr --setmonitor` makes monitors, which SDL 2.26 does not read). `Xvfb -screen 0 …
    /// -screen 1 …` gives SDL two displays, but both at +0+0 on their own roots, and SDL puts every window on the
    /// first screen (it finds a window's display by where the window is, and both displays hold that point);
    /// `+xinerama` leaves SDL one display.
    public convenience init(outputs: [PixelSize]) throws {
        guard let xorg = Self.which("Xorg"), FileManager.default.fileExists(atPath: "/usr/lib/xorg/modules/drivers/dummy_drv.so") else {
            throw XvfbError.missing("Xorg and its dummy driver are needed (apt-get install xserver-xorg-core xserver-xorg-video-dummy; make test installs them)")
        }
        guard Self.which("xrandr") != nil else {
            throw XvfbError.missing("xrandr is needed (apt-get install x11-xserver-utils; make test installs it)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-xorg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }  // Read at the server's start.
        let width = outputs.reduce(0) { $0 + $1.width }, height = outputs.map(\.height).max() ?? 0
        // No input devices (none to find, and udev may be absent), no switching virtual terminals. The virtual
        // size is the room the outputs take side by side; the dummy driver's video memory must hold it. Four bytes
        // a pixel, as Xvfb's (the dummy driver packs 24-bit pixels into three by default).
        let config = """
            Section "ServerFlags"
                Option "AutoAddDevices" "false"
                Option "AutoAddGPU" "false"
                Option "DontVTSwitch" "true"
            EndSection
            Section "Device"
                Identifier "dummy"
                Driver "dummy"
                VideoRam \(max(16_384, width * height * 4 / 1024 * 2))
            EndSection
            Section "Monitor"
                Identifier "monitor"
                HorizSync 5.0 - 1000.0
                VertRefresh 5.0 - 200.0
            EndSection
            Section "Screen"
                Identifier "screen"
                Device "dummy"
                Monitor "monitor"
                DefaultDepth 24
                DefaultFbBpp 32
                SubSection "Display"
                    Depth 24
                    Virtual \(width) \(height)
                EndSubSection
            EndSection

            """
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/xorg.conf"))
        try self.init(server: xorg, ["-config", folder + "/xorg.conf", "-logfile", folder + "/Xorg.log", "-nolisten", "tcp",
                                     "-noreset", "-novtswitch", "-sharevts"])
        // The driver makes outputs DUMMY0 to DUMMY15; the first is connected. Each other one is given its mode (one
        // the dummy monitor's ranges allow), which connects it, and all are placed side by side.
        var layout: [String] = []
        var x = 0
        for (index, size) in outputs.enumerated() {
            let mode = "\(size.width)x\(size.height)"
            if index > 0 {
                let added = try run("xrandr", ["--addmode", "DUMMY\(index)", mode])
                guard added.status == 0 else { throw XvfbError.failed("xrandr --addmode DUMMY\(index) \(mode) exited \(added.status)") }
            }
            layout += ["--output", "DUMMY\(index)", "--mode", mode, "--pos", "\(x)x0"]
            x += size.width
        }
        let placed = try run("xrandr", ["--fb", "\(width)x\(height)"] + layout)
        guard placed.status == 0 else { throw XvfbError.failed("xrandr \(layout.joined(separator: " ")) exited \(placed.status)") }
        // The server keeps saying an output it connected so is disconnected until its outputs are probed again,
        // and SDL asks for what the server has (XRRGetScreenResourcesCurrent), so it skipped them: probe once.
        let probed = String(decoding: try run("xrandr", ["--query"]).output, as: UTF8.self)
        let connected = probed.split(separator: "\n").filter { $0.hasPrefix("DUMMY") && $0.contains(" connected") }.count
        guard connected == outputs.count else { throw XvfbError.failed("xrandr connected \(connected) outputs of \(outputs.count): \(probed)") }
    }
}
