// Swift Testing declares a cross-import overlay for UIKit (`_Testing_UIKit`, in the toolchain's
// Testing.swiftcrossimport): a file that imports both Testing and UIKit, as every test of
// widget code does through `import SwiftUI`, fails to compile when no module of that name
// exists. On Apple platforms it adds attachments of UIKit images; here it is empty.
