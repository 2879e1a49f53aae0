// Apple's WidgetKit makes Foundation available to every file that imports it; widget code relies
// on that (`Date`, `Calendar` with only `import WidgetKit`).
@_exported import Foundation
