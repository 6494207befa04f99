extension Int {
    /// `value` rounded toward zero and held to `Int`'s range, 0 for NaN: a conversion that cannot trap.
    ///
    /// `Int(_: Double)` stops the process on NaN, an infinity or a value past `Int`'s range; layout works on
    /// doubles derived from window sizes, and a window one pixel across (or a huge one) gives such values.
    init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_807.0 {  // 2^63 as a Double: the first value past Int.max.
            self = .max
        } else if value <= -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
