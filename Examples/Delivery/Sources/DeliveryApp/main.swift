// The app side of the Delivery example: starts, updates and ends the order's Live Activity
// with ActivityKit, as an iOS app does; the running host draws it with Examples/Delivery.
//
//   DeliveryApp start ORDER RESTAURANT COURIER STOPS   prints the activity's id
//   DeliveryApp update ID COURIER STOPS [--stale-in SECONDS]
//   DeliveryApp end ID [--now]                          --now: dismissed at once
//   DeliveryApp list
//   DeliveryApp follow ID    prints the activity's changes until it is dismissed
//   DeliveryApp follow       prints each delivery started from now on
//
// A host must be running with its control socket (`widget-host run … --sink socket`).
import ActivityKit
import DeliveryModel
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())

/// Writes `line` at once: `follow` is read line by line by whoever runs it.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("DeliveryApp: \(message)\n".utf8))
  exit(1)
}

func activity(_ id: String) -> Activity<DeliveryAttributes> {
  guard let activity = Activity<DeliveryAttributes>.activities.first(where: { $0.id == id })
  else { fail("no delivery activity \(id)") }
  return activity
}

func state(_ courier: String, _ stops: String) -> DeliveryAttributes.ContentState {
  guard let stopsAway = Int(stops) else { fail("STOPS must be a number, not '\(stops)'") }
  return DeliveryAttributes.ContentState(
    courier: courier, stopsAway: stopsAway,
    arrival: Date().addingTimeInterval(Double(stopsAway) * 300))
}

/// Prints the activity's state and content as they change, until it is dismissed.
func follow(_ delivery: Activity<DeliveryAttributes>) async {
  // Both sequences listen before the first line says so.
  var states = delivery.activityStateUpdates.makeAsyncIterator()
  let contents = delivery.contentUpdates.makeAsyncIterator()
  say("following \(delivery.id)")
  let printer = Task {
    var contents = contents
    while let content = await contents.next() {
      say("content \(content.state.courier) \(content.state.stopsAway) stops")
    }
  }
  while let state = await states.next() {
    say("state \(state)")
  }
  await printer.value
}

/// Prints each delivery started from now on, until interrupted.
func followNew() async {
  var started = Activity<DeliveryAttributes>.activityUpdates.makeAsyncIterator()
  say("following new deliveries")
  while let delivery = await started.next() {
    say("new \(delivery.id) #\(delivery.attributes.orderNumber)")
  }
}

switch arguments.first {
case "start" where arguments.count == 5:
  guard ActivityAuthorizationInfo().areActivitiesEnabled else { fail("activities are off") }
  do {
    let activity = try Activity.request(
      attributes: DeliveryAttributes(orderNumber: arguments[1], restaurant: arguments[2]),
      content: ActivityContent(state: state(arguments[3], arguments[4]), staleDate: nil),
      pushType: nil)
    print(activity.id)
  } catch {
    fail("\(error)")
  }
case "update" where arguments.count == 4 || arguments.count == 6:
  var stale: Date?
  if arguments.count == 6 {
    guard arguments[4] == "--stale-in", let seconds = Double(arguments[5]) else {
      fail("usage: DeliveryApp update ID COURIER STOPS [--stale-in SECONDS]")
    }
    stale = Date().addingTimeInterval(seconds)
  }
  await activity(arguments[1]).update(
    ActivityContent(state: state(arguments[2], arguments[3]), staleDate: stale))
case "end" where arguments.count == 2 || arguments.count == 3:
  let delivery = activity(arguments[1])
  var final = delivery.content.state
  final.stopsAway = 0
  await delivery.end(
    ActivityContent(state: final, staleDate: nil),
    dismissalPolicy: arguments.count == 3 ? .immediate : .default)
case "list" where arguments.count == 1:
  for delivery in Activity<DeliveryAttributes>.activities {
    print(
      "\(delivery.id) #\(delivery.attributes.orderNumber) \(delivery.activityState) "
        + "\(delivery.content.state.stopsAway) stops")
  }
case "follow" where arguments.count == 2:
  await follow(activity(arguments[1]))
case "follow" where arguments.count == 1:
  await followNew()
default:
  FileHandle.standardError.write(
    Data(
      """
      usage: DeliveryApp start ORDER RESTAURANT COURIER STOPS
             DeliveryApp update ID COURIER STOPS [--stale-in SECONDS]
             DeliveryApp end ID [--now]
             DeliveryApp list
             DeliveryApp follow [ID]

      """.utf8))
  exit(2)
}
