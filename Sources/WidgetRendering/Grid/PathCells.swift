import WidgetSchema

/// The cells a path covers on the grid: its inside (even-odd, by each cell's centre) for a
/// fill, the cells its lines cross for a stroke.
enum PathCells {
  /// `path` scaled into `frame` (points) and flattened into lines, each subpath closed where
  /// the path closes it.
  static func lines(of path: PathNode, in frame: LayoutRect) -> [[(x: Double, y: Double)]] {
    let scaleX = path.width.map { $0 > 0 ? frame.width / $0 : 0 } ?? 1
    let scaleY = path.height.map { $0 > 0 ? frame.height / $0 : 0 } ?? 1
    func point(_ index: Int) -> (x: Double, y: Double) {
      (frame.x + path.points[index] * scaleX, frame.y + path.points[index + 1] * scaleY)
    }
    var runs: [[(x: Double, y: Double)]] = []
    var run: [(x: Double, y: Double)] = []
    var index = 0
    for command in path.commands {
      switch command {
      case "M":
        if run.count > 1 { runs.append(run) }
        run = [point(index)]
      case "L":
        run.append(point(index))
      case "Q", "C":
        let start = run.last ?? point(index)
        let controls = command == "Q" ? [point(index)] : [point(index), point(index + 2)]
        let end = point(index + (command == "Q" ? 2 : 4))
        for step in 1...8 {
          let t = Double(step) / 8
          run.append(bezier([start] + controls + [end], t))
        }
      case "Z":
        if let first = run.first { run.append(first) }
      default:
        break
      }
      index += PathNode.coordinates(of: command) ?? 0
    }
    if run.count > 1 { runs.append(run) }
    return runs
  }

  /// The point at `t` of the Bézier curve of `points` (de Casteljau).
  private static func bezier(_ points: [(x: Double, y: Double)], _ t: Double) -> (
    x: Double, y: Double
  ) {
    var points = points
    while points.count > 1 {
      points = zip(points, points.dropFirst()).map {
        ($0.x + ($1.x - $0.x) * t, $0.y + ($1.y - $0.y) * t)
      }
    }
    return points[0]
  }

  /// The cells inside `runs` (even-odd), of those in `area`.
  static func inside(_ runs: [[(x: Double, y: Double)]], area: CellRect) -> [(x: Int, y: Int)] {
    var cells: [(x: Int, y: Int)] = []
    guard area.width > 0, area.height > 0 else { return cells }
    for row in area.y..<area.y + area.height {
      let y = (Double(row) + 0.5) * GridMetrics.row
      for column in area.x..<area.x + area.width {
        let x = (Double(column) + 0.5) * GridMetrics.column
        var inside = false
        for run in runs {
          for (a, b) in zip(run, run.dropFirst() + [run[0]]) where (a.y > y) != (b.y > y) {
            if x < a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x) { inside.toggle() }
          }
        }
        if inside { cells.append((column, row)) }
      }
    }
    return cells
  }

  /// The cells the lines of `runs` cross, each once, in drawing order.
  static func crossed(_ runs: [[(x: Double, y: Double)]]) -> [(x: Int, y: Int)] {
    var cells: [(x: Int, y: Int)] = []
    var seen = Set<Int64>()
    func mark(_ x: Double, _ y: Double) {
      let cell = (
        x: Int((x / GridMetrics.column).rounded(.down)),
        y: Int((y / GridMetrics.row).rounded(.down))
      )
      guard cell.x >= 0, cell.y >= 0, cell.x < 1 << 16, cell.y < 1 << 16 else { return }
      if seen.insert(Int64(cell.y) << 20 | Int64(cell.x)).inserted { cells.append(cell) }
    }
    for run in runs {
      for (a, b) in zip(run, run.dropFirst()) {
        let steps = max(
          1, Int(max(abs(b.x - a.x) / GridMetrics.column, abs(b.y - a.y) / GridMetrics.row) * 2))
        for step in 0...min(steps, 4096) {
          let t = Double(step) / Double(steps)
          mark(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
        }
      }
    }
    return cells
  }
}
