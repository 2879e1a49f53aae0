// What Apple's SwiftUI makes available to every file that imports it, which widget code relies
// on:
// - Combine: `ObservableObject`, `@Published` and `AnyCancellable` with only `import SwiftUI`.
// - Foundation: `Date`, `Calendar`, `URL`; and `URLSession`, which on Linux is in
//   FoundationNetworking, so widget code that fetches its data compiles unchanged.
// - UIKit, as on iOS: `UIColor`, `UIImage`, `UIFont`.
@_exported import Combine
@_exported import Foundation
@_exported import FoundationNetworking
@_exported import UIKit
