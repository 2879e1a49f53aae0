// This file imports only SwiftUI, as widget files do: `NSLocalizedString` here is the SDK's,
// which takes precedence over Foundation's (Foundation reaches this file only through
// SwiftUI). LocalizationTests checks what it returns.
@testable import SwiftUI

/// `NSLocalizedString(key, comment: "")`, written as in seed 000's widget.
func sdkLocalizedString(_ key: String) -> String {
  NSLocalizedString(key, comment: "")
}
