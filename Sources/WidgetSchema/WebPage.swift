/// The web page's home screen (`GET /api/home`, docs/web.md): every instance at its family's
/// size, in the host's order (the home-screen file's, else the command line's), each on its
/// page.
public struct WebHome: Codable, Sendable, Equatable {
  /// The instances, in order.
  public var instances: [WebInstance]

  /// Creates the document.
  public init(instances: [WebInstance]) {
    self.instances = instances
  }
}

/// One instance on the web page.
public struct WebInstance: Codable, Sendable, Equatable {
  public var instance: String
  public var bundle: String
  public var kind: String
  public var family: WidgetFamily
  /// The home-screen page it is on, from 1 (the home-screen file's `page`).
  public var page: Int
  /// The family's size in points: the size the page draws it at.
  public var width: Double
  public var height: Double

  /// Creates an instance's description.
  public init(
    instance: String, bundle: String, kind: String, family: WidgetFamily, page: Int = 1
  ) {
    self.instance = instance
    self.bundle = bundle
    self.kind = kind
    self.family = family
    self.page = page
    width = family.displaySize.width
    height = family.displaySize.height
  }
}

/// A click on the web page (`POST /api/tap`): where on an instance's picture, in points from its
/// top left. The reply is the control reply `widget-host tap` gets (docs/control.md).
public struct WebTap: Codable, Sendable, Equatable {
  public var instance: String
  public var x: Double
  public var y: Double

  /// Creates a click.
  public init(instance: String, x: Double, y: Double) {
    self.instance = instance
    self.x = x
    self.y = y
  }
}

/// The banner's Clear button on the web page (`POST /api/activity-clear`): the Live Activity to
/// end and dismiss. The reply is a control reply whose result is the activity.
public struct WebActivityClear: Codable, Sendable, Equatable {
  /// The activity's id.
  public var activity: String

  /// Creates a clear.
  public init(activity: String) {
    self.activity = activity
  }
}

/// A message of the page's event stream that is not a stream event: an entry drawn again
/// because a live date in it (`.timer`, `.relative`, `.offset`) now shows a different text. The
/// page fetches the instance's picture again.
public struct WebRedrawn: Codable, Sendable, Equatable {
  /// Always `"redrawn"`.
  public var type = "redrawn"
  /// The instance redrawn; nil for a Live Activity.
  public var instance: String?
  /// The Live Activity redrawn (its countdown); nil for an instance.
  public var activity: String?

  /// The message of an instance redrawn.
  public init(instance: String) {
    self.instance = instance
  }

  /// The message of a Live Activity redrawn.
  public init(activity: String) {
    self.activity = activity
  }
}
