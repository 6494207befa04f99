internal import CFFmpeg
import VitrineCore

/// How a video's stored picture is shown: turned by its display matrix (a phone's portrait clip is stored
/// 1920x1080 and shown 1080x1920) and widened by the shape of its pixels (a DVD's 720x576 at 64:45 is shown
/// 1024x576), as players show it.
public struct VideoShape: Sendable, Equatable, CustomStringConvertible {
    /// The picture as stored in the file.
    public var stored: PixelSize
    /// The clockwise turn that shows it upright: 0, 90, 180 or 270 degrees (a matrix between is taken at the nearest).
    public var turn: Int
    /// Whether the turned picture is then mirrored left to right.
    public var mirrored: Bool
    /// The width of a stored pixel to its height, as a reduced fraction; 1:1 for square pixels.
    public var pixelAspect: (width: Int, height: Int)

    /// Square pixels, shown as stored.
    public static let upright = VideoShape(stored: PixelSize(width: 0, height: 0), turn: 0, mirrored: false, pixelAspect: (1, 1))

    public init(stored: PixelSize, turn: Int, mirrored: Bool, pixelAspect: (width: Int, height: Int)) {
        self.stored = stored
        self.turn = turn
        self.mirrored = mirrored
        self.pixelAspect = pixelAspect
    }

    /// The shape FFmpeg's orientation of a stream describes.
    init(_ orientation: vitrine_video_orientation, stored: PixelSize) {
        // See orientation.h: untransposed, flipping both ways is a half turn and one way a mirror; transposed,
        // flip_x alone is a quarter turn clockwise, flip_y alone three quarters, and neither or both a mirror of one.
        let transposed = orientation.transposed != 0, flipX = orientation.flip_x != 0, flipY = orientation.flip_y != 0
        switch (transposed, flipX, flipY) {
        case (false, false, false): (turn, mirrored) = (0, false)
        case (false, true, false): (turn, mirrored) = (0, true)
        case (false, true, true): (turn, mirrored) = (180, false)
        case (false, false, true): (turn, mirrored) = (180, true)
        case (true, true, false): (turn, mirrored) = (90, false)
        case (true, false, false): (turn, mirrored) = (90, true)
        case (true, false, true): (turn, mirrored) = (270, false)
        case (true, true, true): (turn, mirrored) = (270, true)
        }
        self.stored = stored
        let width = Int(orientation.sar_num), height = Int(orientation.sar_den)
        if width > 0, height > 0, width != height, Double(width) / Double(height) < 100, Double(height) / Double(width) < 100 {
            var (a, b) = (width, height)
            while b != 0 { (a, b) = (b, a % b) }
            pixelAspect = (width / a, height / a)
        } else {
            pixelAspect = (1, 1)
        }
    }

    /// Whether the picture is shown as stored.
    public var isUpright: Bool { turn == 0 && !mirrored && pixelAspect == (1, 1) }

    /// Whether a quarter turn swaps its rows and columns.
    var isTransposed: Bool { turn % 180 != 0 }

    /// The stored picture widened by its pixels' shape, before it is turned.
    var unturnedSize: PixelSize {
        let width = pixelAspect == (1, 1) ? stored.width
            : max(1, Int((Double(stored.width) * Double(pixelAspect.width) / Double(pixelAspect.height)).rounded()))
        return PixelSize(width: width, height: stored.height)
    }

    /// The picture as shown: widened by its pixels' shape, then turned.
    public var shownSize: PixelSize {
        let size = unturnedSize
        return isTransposed ? PixelSize(width: size.height, height: size.width) : size
    }

    /// `stored as 1920x1080 turned 90° clockwise`, `stored as 720x576 with 64:45 pixels`.
    public var description: String {
        "stored as \(stored.width)x\(stored.height)" + (turn == 0 ? "" : " turned \(turn)° clockwise") + (mirrored ? " mirrored" : "")
            + (pixelAspect == (1, 1) ? "" : " with \(pixelAspect.width):\(pixelAspect.height) pixels")
    }

    public static func == (a: VideoShape, b: VideoShape) -> Bool {
        a.stored == b.stored && a.turn == b.turn && a.mirrored == b.mirrored && a.pixelAspect == b.pixelAspect
    }

    /// The part of the stored picture that a rectangle of the shown one (`x`, `y`, `width`, `height` in shown
    /// pixels) comes from, in stored pixels, inside the stored picture.
    func storedRect(_ rect: (x: Int, y: Int, width: Int, height: Int), flipX: Bool, flipY: Bool)
        -> (x: Int, y: Int, width: Int, height: Int) {
        let unturned = unturnedSize
        let (x, y, width, height) = (Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        let across = Double(unturned.width), down = Double(unturned.height)
        var (sx, sy, sw, sh): (Double, Double, Double, Double)
        if isTransposed {
            (sy, sh) = (flipX ? down - x - width : x, width)
            (sx, sw) = (flipY ? across - y - height : y, height)
        } else {
            (sx, sw) = (flipX ? across - x - width : x, width)
            (sy, sh) = (flipY ? down - y - height : y, height)
        }
        let widen = Double(stored.width) / across
        let left = min(max(0, Int((sx * widen).rounded())), stored.width - 1)
        let top = min(max(0, Int(sy.rounded())), stored.height - 1)
        return (left, top, min(stored.width - left, max(1, Int((sw * widen).rounded()))), min(stored.height - top, max(1, Int(sh.rounded()))))
    }
}

extension VideoDecoder {
    /// Whether the stored picture is shown turned or mirrored (its pixels' shape needs only the scaler's sizes).
    var isTurned: Bool { orientation.transposed != 0 || orientation.flip_x != 0 || orientation.flip_y != 0 }

    /// Scales the good frame to `size` (in its shown orientation) as ARGB8888 at `pixels`, `size.width * 4` bytes a
    /// row; returns 0, or -1 with nothing written.
    func scaleARGB(to size: PixelSize, into pixels: UnsafeMutablePointer<UInt8>) -> Int32 {
        isTurned ? vitrine_video_scale_oriented(video, orientation, Int32(size.width), Int32(size.height), pixels, Int32(size.width * 4))
            : vitrine_video_scale(video, Int32(size.width), Int32(size.height), pixels, Int32(size.width * 4))
    }

    /// Scales the part `crop` of the good frame (in shown pixels, ``Info/size``) to `size` as planar YUV 4:2:0 at
    /// `pixels` (`pitch` bytes a Y row), turned as it is shown; returns 0, or -1 with nothing written.
    func scaleYUV(crop: (x: Int, y: Int, width: Int, height: Int), to size: PixelSize, into pixels: UnsafeMutablePointer<UInt8>,
                  pitch: Int) -> Int32 {
        let part = info.shape.isUpright ? crop : info.shape.storedRect(crop, flipX: orientation.flip_x != 0, flipY: orientation.flip_y != 0)
        guard isTurned else {
            return vitrine_video_scale_yuv(video, Int32(part.x), Int32(part.y), Int32(part.width), Int32(part.height),
                                           Int32(size.width), Int32(size.height), pixels, Int32(pitch))
        }
        return vitrine_video_scale_yuv_oriented(video, orientation, Int32(part.x), Int32(part.y), Int32(part.width), Int32(part.height),
                                                Int32(size.width), Int32(size.height), pixels, Int32(pitch))
    }
}
