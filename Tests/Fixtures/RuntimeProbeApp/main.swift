// An app of the runtime probe: writes a note into an App Group's container, as an app feeds
// its widgets files (RuntimeTests). Usage: RuntimeProbeApp GROUP TEXT
import WidgetKit

let arguments = CommandLine.arguments
guard arguments.count == 3,
  let container = FileManager.default.containerURL(
    forSecurityApplicationGroupIdentifier: arguments[1])
else {
  print("usage: RuntimeProbeApp GROUP TEXT (GROUP an App Group: group.…)")
  exit(2)
}
do {
  try Data(arguments[2].utf8).write(to: container.appendingPathComponent("note.txt"))
  print(container.path)
} catch {
  print("cannot write the note in \(container.path): \(error)")
  exit(1)
}
