// Apple's WidgetKit makes Foundation available to every file that imports it; widget code relies
// on that (`Date`, `Calendar` with only `import WidgetKit`).
@_exported import Foundation
// Apple's WidgetKit makes the Intents types available too: `IntentTimelineProvider` code uses
// `INIntent` subclasses with only `import WidgetKit`.
@_exported import Intents
