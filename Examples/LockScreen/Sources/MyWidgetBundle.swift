// Seed 004's step 5: the bundle that registers the lock-screen widget, as the seed writes it.
import SwiftUI
import WidgetKit

// 5. 注册到 WidgetBundle

@main
struct MyWidgetBundle: WidgetBundle {
  var body: some Widget {
    // 其他小组件...
    if #available(iOS 16.0, *) {
      LockScreenWidget()
    }
  }
}
