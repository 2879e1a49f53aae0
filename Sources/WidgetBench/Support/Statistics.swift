/// Order statistics of a sample.
enum Statistics {
  /// The `fraction` quantile (0.5: the median) of `values`, by the nearest rank.
  static func quantile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }
}
