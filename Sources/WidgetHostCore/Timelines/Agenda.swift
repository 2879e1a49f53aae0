import Foundation

/// A priority queue of items to look at, earliest date first and, at equal dates, lowest rank
/// first: the scheduler's list of what is due when (a binary min-heap, so taking what is due
/// costs the logarithm of what is waiting, not a look at every instance).
///
/// The heap holds plain values (a date, a rank and the index of the item's slot), the items sit
/// in slots of their own: moving an appointment up or down the heap then copies three numbers,
/// where a heap of items that are references (the scheduler's groups) retained and released
/// one on every swap.
struct Agenda<Item> {
  /// One item at one date.
  struct Appointment {
    var date: Date
    var rank: Int
    var item: Item
  }

  /// An appointment on the heap: its item is `items[slot]`.
  private struct Key {
    var date: Date
    var rank: Int
    var slot: Int

    func precedes(_ other: Key) -> Bool {
      date < other.date || (date == other.date && rank < other.rank)
    }
  }

  private var heap: [Key] = []
  /// The items of the appointments on the heap; nil in a slot free for the next one.
  private var items: [Item?] = []
  /// Slots of `items` free for reuse.
  private var freeSlots: [Int] = []

  /// The earliest appointment.
  var first: Appointment? {
    guard let key = heap.first, let item = items[key.slot] else { return nil }
    return Appointment(date: key.date, rank: key.rank, item: item)
  }

  /// How many appointments are waiting.
  var count: Int { heap.count }

  /// Adds `item` at `date`; `rank` orders items of the same date.
  mutating func insert(_ item: Item, at date: Date, rank: Int) {
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      items[slot] = item
    } else {
      slot = items.count
      items.append(item)
    }
    heap.append(Key(date: date, rank: rank, slot: slot))
    var child = heap.count - 1
    let moving = heap[child]
    while child > 0 {
      let parent = (child - 1) / 2
      guard moving.precedes(heap[parent]) else { break }
      heap[child] = heap[parent]
      child = parent
    }
    heap[child] = moving
  }

  /// Removes and returns the earliest appointment.
  @discardableResult
  mutating func removeFirst() -> Appointment? {
    guard let first = heap.first else { return nil }
    let last = heap.removeLast()
    if !heap.isEmpty {
      // Sift the last appointment down from the top.
      var parent = 0
      while true {
        let left = 2 * parent + 1
        guard left < heap.count else { break }
        let right = left + 1
        let smaller = right < heap.count && heap[right].precedes(heap[left]) ? right : left
        guard heap[smaller].precedes(last) else { break }
        heap[parent] = heap[smaller]
        parent = smaller
      }
      heap[parent] = last
    }
    let item = items[first.slot].take()!
    if heap.isEmpty {
      // Nothing waits: start the slots over instead of keeping a list of free ones.
      items.removeAll(keepingCapacity: true)
      freeSlots.removeAll(keepingCapacity: true)
    } else {
      freeSlots.append(first.slot)
    }
    return Appointment(date: first.date, rank: first.rank, item: item)
  }
}
