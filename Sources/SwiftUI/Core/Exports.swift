// Apple's SwiftUI makes Foundation available to every file that imports it; widget code relies
// on that (`Date`, `Calendar`, `URL` with only `import SwiftUI`).
@_exported import Foundation
