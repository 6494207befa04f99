/// Home Assistant's MQTT discovery for one kiosk: retained `homeassistant/<component>/<node>/<object>/config`
/// documents describing a device with buttons for next and previous, a pause switch, a select of the cards, a
/// sensor of the card shown and a binary sensor for asleep, all following the `availability` topic.
public enum HomeAssistantDiscovery {
    /// The discovery prefix Home Assistant listens on by default.
    public static let prefix = "homeassistant"

    /// The card's name in the select: `3: Lobby` (its index, then its title).
    public static func option(index: Int, title: String) -> String { "\(index): \(title)" }

    /// The node id of kiosk `topics.id`: `vitrine_` and the id with anything but letters, digits, `_` and `-`
    /// made `_` (Home Assistant's rule for ids in topics).
    public static func nodeID(_ topics: FleetTopics) -> String {
        let prefix = String(String.UnicodeScalarView(topics.prefix.unicodeScalars.map(safe)))
        let id = String(String.UnicodeScalarView(topics.id.unicodeScalars.map(safe)))
        return "\(prefix)_\(id)"
    }

    private static func safe(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-") ? scalar : "_"
    }

    /// Every discovery message for kiosk `topics` showing cards titled `titles`, retained.
    public static func messages(_ topics: FleetTopics, titles: [String], version: String = VitrineVersion.string) -> [FleetMessage] {
        let node = nodeID(topics)
        let device = #"{"identifiers":[\#(JSONText.quoted(node))],"name":\#(JSONText.quoted(topics.id)),"manufacturer":"Vitrine","model":"kiosk","sw_version":\#(JSONText.quoted(version))}"#
        func common(_ object: String, _ name: String) -> String {
            #""name":\#(JSONText.quoted(name)),"unique_id":\#(JSONText.quoted("\(node)_\(object)")),"object_id":\#(JSONText.quoted("\(node)_\(object)")),"#
                + #""availability_topic":\#(JSONText.quoted(topics.availability)),"payload_available":"online","payload_not_available":"offline","device":\#(device)"#
        }
        func message(_ component: String, _ object: String, _ name: String, _ body: String) -> FleetMessage {
            FleetMessage(topic: "\(prefix)/\(component)/\(node)/\(object)/config", payload: "{" + common(object, name) + "," + body + "}", qos: 1, retain: true)
        }
        let cmd = JSONText.quoted(topics.cmd)
        let state = JSONText.quoted(topics.state)
        let options = titles.enumerated().map { JSONText.quoted(option(index: $0.offset, title: $0.element)) }.joined(separator: ",")
        return [
            message("button", "next", "Next", #""command_topic":\#(cmd),"payload_press":"{\"cmd\":\"next\"}""#),
            message("button", "previous", "Previous", #""command_topic":\#(cmd),"payload_press":"{\"cmd\":\"previous\"}""#),
            message("switch", "pause", "Pause", #""command_topic":\#(cmd),"payload_on":"{\"cmd\":\"pause\"}","payload_off":"{\"cmd\":\"resume\"}","#
                    + #""state_topic":\#(state),"value_template":"{{ 'ON' if value_json.paused else 'OFF' }}""#),
            message("select", "card", "Card", #""command_topic":\#(cmd),"#
                    + #""command_template":"{\"cmd\":\"goto\",\"index\":{{ value.split(':')[0] | int }}}","options":[\#(options)],"#
                    + #""state_topic":\#(state),"value_template":"{{ value_json.page }}: {{ value_json.title }}""#),
            message("sensor", "shown", "Card shown", #""state_topic":\#(state),"value_template":"{{ value_json.title }}","icon":"mdi:image""#),
            message("binary_sensor", "asleep", "Asleep", #""state_topic":\#(state),"value_template":"{{ 'ON' if value_json.asleep else 'OFF' }}""#),
        ]
    }
}
