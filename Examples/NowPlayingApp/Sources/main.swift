// Seed 004's app side (sections 五 and 六): when the song changes, the app writes it to the App
// Group the lock-screen widget reads (Examples/LockScreen) and asks WidgetKit to reload that
// widget. The App Group and WidgetCenter lines are the seed's, unchanged.
//
//   NowPlayingApp "Song" "Artist"     write the song, reload LockScreenWidget
//   NowPlayingApp "Song" "Artist" --all    the same, with reloadAllTimelines()
//   NowPlayingApp --list              the widgets on screen (getCurrentConfigurations)
//
// A host must be running with its control socket (`widget-host run … --sink socket`); the
// socket is $WIDGET_HOST_SOCKET, else $XDG_RUNTIME_DIR/widget-host/widget-host.sock.
import Foundation
import WidgetKit

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments == ["--list"] {
  do {
    for widget in try await WidgetCenter.shared.currentConfigurations() {
      print("\(widget.kind) \(widget.family) \(widget.configurationJSON)")
    }
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("NowPlayingApp: \(error)\n".utf8))
    exit(1)
  }
}

let options = arguments.filter { $0.hasPrefix("--") }
let values = arguments.filter { !$0.hasPrefix("--") }
guard values.count == 2, options.allSatisfy({ $0 == "--all" }) else {
  FileHandle.standardError.write(
    Data("usage: NowPlayingApp SONG ARTIST [--all] | NowPlayingApp --list\n".utf8))
  exit(2)
}

// 主 App 写入数据
let defaults = UserDefaults(suiteName: "group.com.yourapp.widget")
defaults?.set(values[0], forKey: "currentSongName")
defaults?.set(values[1], forKey: "currentArtistName")

// 在主 App 中调用
if options.contains("--all") {
  // 或刷新所有 Widget
  WidgetCenter.shared.reloadAllTimelines()
} else {
  WidgetCenter.shared.reloadTimelines(ofKind: "LockScreenWidget")
}
