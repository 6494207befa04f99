/// The resistance a card meets when pulled past an end of a deck that does not wrap.
///
/// `stretch(o) = L · (1 − 1 / (o · c / L + 1))` for an overscroll `o` in page widths, with
/// `c = PagingTuning.rubberBandCoefficient` and `L = PagingTuning.rubberBandLimit`: it starts at slope `c`,
/// grows monotonically and never reaches `L`.
enum RubberBand {
    /// The visible overscroll for a pulled overscroll `overscroll ≥ 0` (both in page widths).
    static func stretch(_ overscroll: Double) -> Double {
        let c = PagingTuning.rubberBandCoefficient, limit = PagingTuning.rubberBandLimit
        guard overscroll > 0 else { return 0 }
        return limit * (1 - 1 / (overscroll * c / limit + 1))
    }

    /// The pulled overscroll that shows as `visible` (the inverse of `stretch`).
    static func unstretch(_ visible: Double) -> Double {
        let c = PagingTuning.rubberBandCoefficient, limit = PagingTuning.rubberBandLimit
        guard visible > 0 else { return 0 }
        let ratio = min(visible / limit, 0.999_999)
        return limit / c * (ratio / (1 - ratio))
    }
}
