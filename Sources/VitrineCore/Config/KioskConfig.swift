// Stand-in until the config branch lands; replaced by its KioskConfig.swift.
public enum FitMode: String, Sendable { case contain, cover }
public struct CardConfig: Sendable, Equatable {
    public var id: String?; public var title: String; public var subtitle: String; public var image: String
    public init(id: String? = nil, title: String, subtitle: String = "", image: String) { self.id = id; self.title = title; self.subtitle = subtitle; self.image = image }
}
public struct DisplayConfig: Sendable, Equatable {
    public var window = PixelSize(width: 1200, height: 800); public var fit = FitMode.contain; public var background = Color.black; public var fullscreen = false
    public init() {}
}
public struct KioskConfig: Sendable, Equatable {
    public var cards: [CardConfig]; public var display: DisplayConfig; public var wrap: Bool; public var file: String
    public init(cards: [CardConfig], display: DisplayConfig = DisplayConfig(), wrap: Bool = true, file: String = "") { self.cards = cards; self.display = display; self.wrap = wrap; self.file = file }
}
import Foundation
public struct ConfigDiagnostic: Sendable, Equatable, CustomStringConvertible { public var file: String; public var path: String; public var message: String; public var description: String { "\(file): \(path): \(message)" } }
public struct ConfigError: Error, CustomStringConvertible { public enum Kind: Sendable { case unreadable, invalid }; public var kind: Kind; public var diagnostics: [ConfigDiagnostic]
    public var exitCode: Int32 { kind == .unreadable ? 66 : 65 }; public var description: String { diagnostics.map(\.description).joined(separator: "\n") } }
extension KioskConfig {
    public static func load(path: String) throws(ConfigError) -> (config: KioskConfig, warnings: [ConfigDiagnostic]) {
        guard let data = FileManager.default.contents(atPath: path) else { throw ConfigError(kind: .unreadable, diagnostics: [ConfigDiagnostic(file: path, path: "(root)", message: "cannot read")]) }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let cards = root["cards"] as? [[String: Any]] else { throw ConfigError(kind: .invalid, diagnostics: [ConfigDiagnostic(file: path, path: "(root)", message: "bad")]) }
        let dir = (path as NSString).deletingLastPathComponent
        var d = DisplayConfig(); if let disp = root["display"] as? [String: Any], disp["fit"] as? String == "cover" { d.fit = .cover }
        return (KioskConfig(cards: cards.map { CardConfig(title: $0["title"] as! String, subtitle: $0["subtitle"] as? String ?? "", image: dir + "/" + ($0["image"] as! String)) }, display: d, file: path), [])
    }
}
