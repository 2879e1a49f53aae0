// Apple's SwiftUI makes Foundation available to every file that imports it; widget code relies
// on that (`Date`, `Calendar`, `URL` with only `import SwiftUI`), and on `URLSession`, which on
// Linux is in FoundationNetworking: widget code that fetches its data compiles unchanged.
@_exported import Foundation
@_exported import FoundationNetworking
// UIKit too, as on iOS: `UIColor`, `UIImage`, `UIFont` with only `import SwiftUI`.
@_exported import UIKit
