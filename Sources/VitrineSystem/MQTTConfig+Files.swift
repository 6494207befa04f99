import CMosquitto
import VitrineCore

extension MQTTConfig {
    /// What `vitrine check` finds wrong with the files and library the `mqtt` key needs, one line each, as
    /// `FILE: mqtt.passwordFile: REASON`: a password file that cannot be read or is empty, a CA file that cannot be
    /// read or holds no certificate, libmosquitto not installed.
    public func problems(configFile: String) -> [String] {
        var problems: [String] = []
        if let passwordFile {
            do throws(SystemError) {
                let bytes = try FileDescriptor.readFile(atPath: passwordFile, limit: 4096)
                if bytes.first == nil || bytes.first == UInt8(ascii: "\n") {
                    problems.append("\(configFile): mqtt.passwordFile: \(passwordFile) has an empty first line: the password is its first line")
                }
            } catch {
                problems.append("\(configFile): mqtt.passwordFile: cannot read it: \(error)")
            }
        }
        if let caFile {
            do throws(SystemError) {
                let bytes = try FileDescriptor.readFile(atPath: caFile, limit: 4 << 20)
                if !String(decoding: bytes, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") {
                    problems.append("\(configFile): mqtt.caFile: \(caFile) holds no PEM certificate (no BEGIN CERTIFICATE line)")
                }
            } catch {
                problems.append("\(configFile): mqtt.caFile: cannot read it: \(error)")
            }
        }
        if vitrine_mosquitto() == nil {
            problems.append("\(configFile): mqtt: libmosquitto.so.1 is not installed (apt install libmosquitto1): the kiosk would run without MQTT")
        }
        return problems
    }
}
