extension DisplayConfig {
    /// How long a touch, a key or a `wake` command keeps a sleeping screen awake after the last input: two minutes.
    public static let defaultWakeFor = 120.0
    /// The values `display.wakeFor` may take, in seconds: from one second to a day.
    public static let wakeForRange = 1.0...86_400.0
}
