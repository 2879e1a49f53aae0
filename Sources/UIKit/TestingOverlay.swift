// Imported (it is empty) so that the module Swift Testing looks for beside UIKit is built
// wherever UIKit is: a bundle author's tests that import SwiftUI and Testing need it.
import _Testing_UIKit
