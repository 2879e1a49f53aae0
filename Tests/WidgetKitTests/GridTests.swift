import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// `LazyVGrid`, `LazyHGrid` and `Grid` as widget code writes them: stacks of framed cells.
@Suite struct GridTests {
  static let flexible = Frame(minWidth: 10, maxWidth: .infinity)

  func row(_ cells: [ViewNode], frame: Frame = flexible) -> ViewNode {
    .stack(StackNode(axis: .horizontal, children: cells.map { .modified($0, .frame(frame)) }))
  }

  @Test func aVerticalGridFillsRowsAndPadsTheLast() {
    let columns = [GridItem(.flexible()), GridItem(.flexible())]
    let grid = LazyVGrid(columns: columns, spacing: 6) {
      ForEach(["a", "b", "c"], id: \.self) { Text($0) }
    }
    #expect(
      resolved(grid)
        == .stack(
          StackNode(
            axis: .vertical, spacing: 6,
            children: [row([plain("a"), plain("b")]), row([plain("c"), .empty])])))
  }

  @Test func adaptiveColumnsAreAsManyAsFit() {
    // 170 points, columns of at least 50 with 8 between: three.
    let grid = LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))]) {
      ForEach(0..<4) { Text("\($0)") }
    }
    guard case .stack(let stack) = resolved(grid), case .stack(let first) = stack.children.first
    else {
      Issue.record("rows of cells")
      return
    }
    #expect(first.children.count == 3)
    #expect(stack.children.count == 2)
    #expect(
      first.children.first
        == .modified(plain("0"), .frame(Frame(minWidth: 50, maxWidth: .infinity))))
  }

  @Test func fixedItemsHaveTheirLength() {
    let grid = LazyHGrid(rows: [GridItem(.fixed(20)), GridItem(.fixed(20))]) {
      Text("a")
      Text("b")
      Text("c")
    }
    let column = { (cells: [ViewNode]) in
      ViewNode.stack(
        StackNode(
          axis: .vertical, children: cells.map { .modified($0, .frame(Frame(height: 20))) }))
    }
    #expect(
      resolved(grid)
        == .stack(
          StackNode(
            axis: .horizontal,
            children: [column([plain("a"), plain("b")]), column([plain("c"), .empty])])))
  }

  @Test func aGridIsRowsOfCellsSharingTheWidth() {
    let grid = Grid(alignment: .leading, horizontalSpacing: 4) {
      GridRow {
        Text("Mon")
        Text("21°")
      }
      Divider()
      GridRow {
        Text("Tue")
        Text("18°")
      }
    }
    let cell = Frame(maxWidth: .infinity, alignment: .leading)
    func gridRow(_ a: String, _ b: String) -> ViewNode {
      .stack(
        StackNode(
          axis: .horizontal, spacing: 4,
          children: [.modified(plain(a), .frame(cell)), .modified(plain(b), .frame(cell))]))
    }
    #expect(
      resolved(grid)
        == .stack(
          StackNode(
            axis: .vertical, alignment: .leading,
            children: [gridRow("Mon", "21°"), .divider, gridRow("Tue", "18°")])))
  }
}
