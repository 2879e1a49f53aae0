import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// A model as widget code writes one, with only `import SwiftUI` (which brings Combine).
final class WeatherModel: ObservableObject {
  @Published var temperature = 21
  @Published var city = "Berlin"
}

struct WeatherView: View {
  @StateObject private var model = WeatherModel()

  var body: some View {
    Text("\(model.city) \(model.temperature)°")
  }
}

struct CityView: View {
  @ObservedObject var model: WeatherModel

  var body: some View {
    CityField(city: $model.city)
  }
}

struct CityField: View {
  @Binding var city: String

  var body: some View {
    city = city.uppercased()
    return Text(city)
  }
}

struct SettingsView: View {
  @EnvironmentObject var model: WeatherModel

  var body: some View { Text(model.city) }
}

/// A box a subscriber's closures write into (they are not `Sendable`-checked here).
final class Received<Value>: @unchecked Sendable {
  var values: [Value] = []
  var finished = false
}

/// The part of Combine widget code uses: observable objects, published properties, subjects.
@Suite struct CombineTests {
  @Test func objectWillChangeComesBeforeEachChange() {
    let model = WeatherModel()
    let seen = Received<Int>()
    let subscription = model.objectWillChange.sink { seen.values.append(model.temperature) }
    model.temperature = 25
    model.city = "Oslo"
    #expect(seen.values == [21, 25], "announced before the change, once per change")
    subscription.cancel()
    model.temperature = 30
    #expect(seen.values.count == 2, "nothing after cancel")
  }

  @Test func aPublishedPropertysPublisherGivesItsValueThenEachNewOne() {
    let model = WeatherModel()
    let seen = Received<String>()
    var subscriptions = Set<AnyCancellable>()
    model.$city.sink { seen.values.append($0) }.store(in: &subscriptions)
    model.city = "Rome"
    #expect(seen.values == ["Berlin", "Rome"])
    subscriptions.removeAll()
    model.city = "Lima"
    #expect(seen.values == ["Berlin", "Rome"], "a released subscription is cancelled")
  }

  @Test func subjectsMapFilterAndAssign() {
    let subject = PassthroughSubject<Int, Never>()
    let seen = Received<String>()
    let subscription = subject.filter { $0 > 1 }.map { "n\($0)" }
      .receive(on: DispatchQueue.main)
      .sink(
        receiveCompletion: { _ in seen.finished = true }, receiveValue: { seen.values.append($0) })
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    subject.send(3)
    #expect(seen.values == ["n2"] && seen.finished)
    _ = subscription

    let current = CurrentValueSubject<Int, Never>(1)
    let model = WeatherModel()
    let assigned = current.assign(to: \.temperature, on: model)
    #expect(model.temperature == 1)
    current.value = 7
    #expect(model.temperature == 7 && current.value == 7)
    assigned.cancel()

    let just = Received<Int>()
    _ = Just(5).eraseToAnyPublisher().sink { just.values.append($0) }
    #expect(just.values == [5])
  }

  @Test func viewsMakeReadAndBindObjects() {
    #expect(resolved(WeatherView()) == plain("Berlin 21°"))
    let model = WeatherModel()
    model.city = "Paris"
    #expect(resolved(CityView(model: model)) == plain("PARIS"))
    #expect(model.city == "PARIS", "the binding wrote through to the object")
    #expect(resolved(SettingsView().environmentObject(model)) == plain("PARIS"))
  }
}
