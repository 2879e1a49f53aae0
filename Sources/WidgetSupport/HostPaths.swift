import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Where the control socket and the App Group store live: one rule shared by the host, the
/// `widget-host` CLI and the WidgetKit SDK linked into bundles and apps (docs/authoring.md,
/// "App Groups and WidgetCenter").
public enum HostPaths {
  /// The environment variable that overrides the control socket's path for every client and for
  /// `--sink socket`: `WIDGET_HOST_SOCKET=/path/to/host.sock`.
  public static let socketVariable = "WIDGET_HOST_SOCKET"

  /// The environment variable a token can come from, for the host (`run`) and its clients,
  /// instead of `--token-file`: `WIDGET_HOST_TOKEN=…`.
  public static let tokenVariable = "WIDGET_HOST_TOKEN"

  /// The token an app's `WidgetCenter` and ActivityKit send the host first: `$WIDGET_HOST_TOKEN`
  /// when set and not empty (a host run with that token, or `--token-file`, refuses clients
  /// without it).
  public static func token(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    environment[tokenVariable].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The control socket: `$WIDGET_HOST_SOCKET`, else
  /// `$XDG_RUNTIME_DIR/widget-host/widget-host.sock`, else `/tmp/widget-host-$UID/widget-host.sock`.
  public static func socket(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let path = environment[socketVariable], !path.isEmpty { return path }
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
      return runtime + "/widget-host/widget-host.sock"
    }
    return "/tmp/widget-host-\(getuid())/widget-host.sock"
  }

  /// The folder where the host keeps the images bundles send as bytes (`UIImage(data:)`), one
  /// file per image, named by its content, for the renderers and the stream's readers:
  /// `$XDG_CACHE_HOME/widget-host/images` when it is an absolute path, else
  /// `$HOME/.cache/widget-host/images`. A cache: anything in it may be deleted.
  public static func imageCache(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/widget-host/images"
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? accountHome()
    return home + "/.cache/widget-host/images"
  }

  /// The variable that tells a bundle's worker process where its App Group containers are: a
  /// folder with one link per declared group (docs/isolation.md, "App Groups").
  public static let groupContainersVariable = "WIDGET_HOST_GROUP_CONTAINERS"

  /// The folder that holds each App Group's shared files, one folder per group (what
  /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` returns in an app):
  /// `$XDG_DATA_HOME/widget-host/groups` when it is an absolute path, else
  /// `$HOME/.local/share/widget-host/groups`.
  public static func groupContainers(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/widget-host/groups"
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? accountHome()
    return home + "/.local/share/widget-host/groups"
  }

  /// The folder in which Foundation's `UserDefaults(suiteName: "group.…")` keeps each App
  /// Group as `group.….plist`: `$XDG_CONFIG_HOME` when it is an absolute path, else
  /// `$HOME/.config` (swift-corelibs-foundation's rule).
  public static func store(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? accountHome()
    return home + "/.config"
  }

  /// The home folder of this process's user in the password database (what Foundation's
  /// `NSHomeDirectory()` falls back to without `HOME`); `/` when there is none.
  static func accountHome() -> String {
    var size = 4096
    while true {
      var buffer = [CChar](repeating: 0, count: size)
      // The entry's strings live in `buffer`: read them before it goes.
      let (status, home) = buffer.withUnsafeMutableBufferPointer { storage in
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        let status = getpwuid_r(getuid(), &entry, storage.baseAddress!, storage.count, &result)
        guard status == 0, result != nil, let directory = entry.pw_dir else {
          return (status, String?.none)
        }
        return (status, String(cString: directory))
      }
      if status == ERANGE && size < 1 << 20 {
        size *= 4
        continue
      }
      guard let home, !home.isEmpty else { return "/" }
      return home
    }
  }

  /// Whether `name` is an App Group identifier: `group.` followed by a reverse-DNS name of
  /// letters, digits, `.`, `-` and `_` (it becomes a file name, so no `/`).
  public static func isGroup(_ name: String) -> Bool {
    guard name.hasPrefix("group."), name.count > "group.".count else { return false }
    return name.unicodeScalars.allSatisfy {
      isAlphanumeric($0) || $0 == "." || $0 == "-" || $0 == "_"
    }
  }

  /// Foundation's `CharacterSet.alphanumerics`: the Unicode general categories L*, M* and N*.
  static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
      true
    default:
      false
    }
  }
}
