// Apple's WidgetKit makes the Intents types available too: `IntentTimelineProvider` code uses
// `INIntent` subclasses with only `import WidgetKit`.
@_exported import Intents
// Apple's WidgetKit makes Foundation available to every file that imports it; widget code relies
// on that (`Date`, `Calendar` with only `import WidgetKit`). It arrives through SwiftUI, which
// re-exports it: were Foundation re-exported here directly, the SDK's `NSLocalizedString`
// (declared in SwiftUI) could no longer take precedence over Foundation's in widget files, and
// `NSLocalizedString("key", comment: "")` would return the key (docs/authoring.md,
// "Localization and resources").
@_exported import SwiftUI
