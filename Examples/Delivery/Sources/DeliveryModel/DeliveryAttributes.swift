// The activity's data, shared by the app that starts it (DeliveryApp) and the bundle that draws
// it (Delivery), as an iOS app shares it with its widget extension.
import ActivityKit
import Foundation

/// A food delivery on its way.
public struct DeliveryAttributes: ActivityAttributes {
  /// What changes while the order travels.
  public struct ContentState: Codable, Hashable {
    /// The courier's name.
    public var courier: String
    /// Stops before this order's.
    public var stopsAway: Int
    /// When the courier should arrive.
    public var arrival: Date

    public init(courier: String, stopsAway: Int, arrival: Date) {
      self.courier = courier
      self.stopsAway = stopsAway
      self.arrival = arrival
    }
  }

  /// The order's number.
  public var orderNumber: String
  /// The restaurant.
  public var restaurant: String

  public init(orderNumber: String, restaurant: String) {
    self.orderNumber = orderNumber
    self.restaurant = restaurant
  }
}
