/// The `mqtt` object's schema: the broker, the kiosk's name in topics, and the credentials' files.
extension KioskSchema {
    /// The `mqtt` object while it is checked.
    struct MQTTDraft {
        var broker: MQTTConfig.Broker? = nil
        var id: String? = nil
        var prefix = "vitrine"
        var username: String? = nil
        var passwordFile: JSONDocument.Node? = nil
        var caFile: JSONDocument.Node? = nil
    }

    /// The root's `mqtt` row: checks the object into `draft.mqtt`.
    static let mqttField = ObjectSchema<RootDraft>.Field("mqtt", expected: "an object") { draft, value, path, validator in
        var mqtt = MQTTDraft()
        guard validator.decodeObject(value, at: path, schema: KioskSchema.mqtt, into: &mqtt), let broker = mqtt.broker else { return }
        var config = MQTTConfig(broker: broker)
        config.id = mqtt.id
        config.prefix = mqtt.prefix
        config.username = mqtt.username
        config.passwordFile = mqtt.passwordFile.map { draft.images.resolve($0, in: validator.document) }
        config.caFile = mqtt.caFile.map { draft.images.resolve($0, in: validator.document) }
        if config.caFile != nil, !broker.tls {
            validator.error(path.appending(key: "caFile"), "a CA file is for TLS: the broker's address starts mqtt://, use mqtts://")
            return
        }
        if config.passwordFile != nil, config.username == nil {
            validator.error(path.appending(key: "passwordFile"), "a password needs \"username\" too")
            return
        }
        draft.mqtt = config
    }

    /// A topic level (`id`, `prefix`) in `value`, or nil after recording an error.
    static func topicLevel(_ value: JSONDocument.Node, at path: ConfigPath, validator: inout ConfigValidator) -> String? {
        guard let name = validator.string(value, at: path) else { return nil }
        if let problem = MQTTConfig.topicLevelProblem(name) {
            validator.error(path, "\(ConfigValidator.quoted(name)) \(problem)")
            return nil
        }
        return name
    }

    /// The `mqtt` object.
    static let mqtt = ObjectSchema<MQTTDraft>([
        .init("broker", required: true, expected: "an address such as \"mqtt://host:1883\"") { mqtt, value, path, validator in
            guard let text = validator.string(value, at: path, nonEmpty: true) else { return }
            switch MQTTConfig.Broker.parse(text) {
            case .success(let broker): mqtt.broker = broker
            case .failure(let error): validator.error(path, error.message)
            }
        },
        .init("id", expected: "a topic level such as \"lobby-1\"") { mqtt, value, path, validator in
            mqtt.id = topicLevel(value, at: path, validator: &validator)
        },
        .init("prefix", expected: "a topic level such as \"vitrine\"") { mqtt, value, path, validator in
            if let prefix = topicLevel(value, at: path, validator: &validator) { mqtt.prefix = prefix }
        },
        .init("username", expected: "a non-empty string") { mqtt, value, path, validator in
            mqtt.username = validator.text(value, at: path, nonEmpty: true)
        },
        .init("passwordFile", expected: "a file path") { mqtt, value, path, validator in
            mqtt.passwordFile = validator.filePath(value, at: path)
        },
        .init("caFile", expected: "a file path") { mqtt, value, path, validator in
            mqtt.caFile = validator.filePath(value, at: path)
        },
    ])
}
