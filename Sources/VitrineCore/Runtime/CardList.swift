/// Indices into a deck's cards, kept small: cards `0..<n` in order (a whole deck unscheduled, the usual case) are a
/// count, not a list, and a list keeps 32-bit indices.
///
/// The runtime keeps up to three such lists (the pages, the cards that should be the pages, the cards that show);
/// as arrays of `Int` they took 80 KB each for 10,000 cards at rest.
struct CardList: RandomAccessCollection, Equatable, Sendable {
    private enum Storage: Sendable {
        /// `0..<count`.
        case inOrder(Int)
        case list([UInt32])
    }

    private var storage: Storage

    /// Cards `0..<count`, in order.
    init(inOrder count: Int) { storage = .inOrder(Swift.max(0, count)) }

    /// The cards `indices`, in that order (kept as a count when they are `0..<n`).
    init(_ indices: some Sequence<Int>) {
        let all = Array(indices)
        if all.indices.allSatisfy({ all[$0] == $0 }) {
            storage = .inOrder(all.count)
        } else {
            storage = .list(all.map { UInt32(clamping: $0) })
        }
    }

    /// Whether the list is `0..<count`.
    var isInOrder: Bool {
        if case .inOrder = storage { return true }
        return false
    }

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch storage {
        case .inOrder(let count): count
        case .list(let list): list.count
        }
    }

    subscript(position: Int) -> Int {
        switch storage {
        case .inOrder: position
        case .list(let list): Int(list[position])
        }
    }

    static func == (a: CardList, b: CardList) -> Bool {
        if case .inOrder(let m) = a.storage, case .inOrder(let n) = b.storage { return m == n }
        return a.count == b.count && a.elementsEqual(b)
    }
}
