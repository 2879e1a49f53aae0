// swift-format-ignore-file
// seed: 000_e0fcc1cdfd3eb525.txt lines 235-241
// added: import WidgetKit; import SwiftUI
import WidgetKit
import SwiftUI
@main
struct MyWidgetBundle: WidgetBundle {
    @WidgetBundleBuilder
    var body: some Widget {
        wishesWidget()//寄语组件
    }
}
