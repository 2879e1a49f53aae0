import Foundation

/// A priority queue of items to look at, earliest date first and, at equal dates, lowest rank
/// first: the scheduler's list of what is due when (a binary min-heap, so taking what is due
/// costs the logarithm of what is waiting, not a look at every instance).
struct Agenda<Item> {
  /// One item at one date.
  struct Appointment {
    var date: Date
    var rank: Int
    var item: Item

    func precedes(_ other: Appointment) -> Bool {
      date < other.date || (date == other.date && rank < other.rank)
    }
  }

  private var heap: [Appointment] = []

  /// The earliest appointment.
  var first: Appointment? { heap.first }

  /// How many appointments are waiting.
  var count: Int { heap.count }

  /// Adds `item` at `date`; `rank` orders items of the same date.
  mutating func insert(_ item: Item, at date: Date, rank: Int) {
    heap.append(Appointment(date: date, rank: rank, item: item))
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the earliest appointment.
  @discardableResult
  mutating func removeFirst() -> Appointment? {
    guard !heap.isEmpty else { return nil }
    heap.swapAt(0, heap.count - 1)
    let first = heap.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
      if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
      guard smallest != parent else { break }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
    return first
  }
}
