// Seed 000's wwsqWidget.swift: the bundle's entry point, registering the wishes widget.
import SwiftUI
import WidgetKit

@main
struct MyWidgetBundle: WidgetBundle {
  @WidgetBundleBuilder
  var body: some Widget {
    wishesWidget()  //寄语组件
  }
}
