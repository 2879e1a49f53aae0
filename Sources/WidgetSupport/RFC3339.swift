import FoundationEssentials

/// Fast RFC 3339 date formatting and parsing for the JSON payloads.
///
/// Written by hand because it runs for every entry and every stream event; it formats UTC with
/// millisecond precision and parses `Z` or `±hh:mm` offsets with optional fractional seconds.
public enum RFC3339 {
  /// The UTC calendar fields of `date`, rounded to the millisecond (a non-finite date is the
  /// epoch): what ``string(from:)`` and ``append(_:to:)`` write.
  private static func fields(
    of date: Date
  ) -> (year: Int64, month: Int64, day: Int64, secondOfDay: Int64, millisecond: Int64) {
    var millis = (date.timeIntervalSince1970 * 1000).rounded()
    if !millis.isFinite { millis = 0 }
    let totalMillis = Int64(millis)
    var seconds = totalMillis / 1000
    var fraction = totalMillis % 1000
    if fraction < 0 {
      fraction += 1000
      seconds -= 1
    }
    var days = seconds / 86_400
    var secondOfDay = seconds % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      days -= 1
    }
    let (year, month, day) = civil(fromDays: days)
    return (year, month, day, secondOfDay, fraction)
  }

  /// Formats `date` as `YYYY-MM-DDTHH:MM:SS.mmmZ`, or without the fraction when it is whole.
  public static func string(from date: Date) -> String {
    let (year, month, day, secondOfDay, fraction) = fields(of: date)
    var out = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
    out += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
    out += pad(secondOfDay % 60, 2)
    if fraction != 0 { out += "." + pad(fraction, 3) }
    return out + "Z"
  }

  /// Calls `body` with `date` formatted as ``string(from:)`` formats it, as UTF-8, in a
  /// temporary buffer.
  public static func withUTF8(of date: Date, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let (year, month, day, secondOfDay, fraction) = fields(of: date)
    if year < 0 || year > 9999 {
      // Outside four digits: the rare slow path, same text as `string(from:)`.
      var text = string(from: date)
      text.withUTF8(body)
      return
    }
    let zero = UInt8(ascii: "0")
    let second = secondOfDay
    let hour = second / 3600
    let minute = second / 60 % 60
    // Each field's digits, written at once.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
      text[0] = zero + UInt8(year / 1000)
      text[1] = zero + UInt8(year / 100 % 10)
      text[2] = zero + UInt8(year / 10 % 10)
      text[3] = zero + UInt8(year % 10)
      text[4] = UInt8(ascii: "-")
      text[5] = zero + UInt8(month / 10)
      text[6] = zero + UInt8(month % 10)
      text[7] = UInt8(ascii: "-")
      text[8] = zero + UInt8(day / 10)
      text[9] = zero + UInt8(day % 10)
      text[10] = UInt8(ascii: "T")
      text[11] = zero + UInt8(hour / 10)
      text[12] = zero + UInt8(hour % 10)
      text[13] = UInt8(ascii: ":")
      text[14] = zero + UInt8(minute / 10)
      text[15] = zero + UInt8(minute % 10)
      text[16] = UInt8(ascii: ":")
      text[17] = zero + UInt8(second % 60 / 10)
      text[18] = zero + UInt8(second % 10)
      var count = 19
      if fraction != 0 {
        text[19] = UInt8(ascii: ".")
        text[20] = zero + UInt8(fraction / 100)
        text[21] = zero + UInt8(fraction / 10 % 10)
        text[22] = zero + UInt8(fraction % 10)
        count = 23
      }
      text[count] = UInt8(ascii: "Z")
      body(UnsafeBufferPointer(rebasing: text[0...count]))
    }
  }

  /// Parses an RFC 3339 date-time; nil when `text` is not one.
  public static func date(from text: String) -> Date? {
    var text = text
    return text.withUTF8 { date(fromUTF8: $0) }
  }

  /// Parses an RFC 3339 date-time from its UTF-8 bytes; nil when they are not one.
  ///
  /// The reply reader's dates are parsed in the reply's bytes: a date is longer than a small
  /// `String` holds, so making one, and then an array of its bytes, cost two allocations for
  /// each.
  public static func date(fromUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Date? {
    guard utf8.count >= 20 else { return nil }
    func number(_ start: Int, _ length: Int) -> Int64? {
      var value: Int64 = 0
      for index in start..<start + length {
        let digit = Int64(utf8[index]) - 48
        guard (0...9).contains(digit) else { return nil }
        value = value * 10 + digit
      }
      return value
    }
    // `T`, or `t` or a space, which RFC 3339 allows too.
    let separator = utf8[10]
    guard utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
      separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t")
        || separator == UInt8(ascii: " "), utf8[13] == UInt8(ascii: ":"),
      utf8[16] == UInt8(ascii: ":"),
      let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 61
    else { return nil }
    var index = 19
    var fraction = 0.0
    if index < utf8.count, utf8[index] == UInt8(ascii: ".") {
      index += 1
      var scale = 0.1
      let start = index
      while index < utf8.count, (48...57).contains(utf8[index]) {
        fraction += Double(utf8[index] - 48) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    guard index < utf8.count else { return nil }
    var offset: Int64 = 0
    switch utf8[index] {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      index += 1
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      guard utf8.count == index + 6, utf8[index + 3] == UInt8(ascii: ":"),
        let hours = number(index + 1, 2), let minutes = number(index + 4, 2),
        hours < 24, minutes < 60
      else { return nil }
      offset = (hours * 3600 + minutes * 60) * (utf8[index] == UInt8(ascii: "+") ? 1 : -1)
      index += 6
    default:
      return nil
    }
    guard index == utf8.count else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  // Howard Hinnant's days-from-civil and civil-from-days algorithms (proleptic Gregorian).
  private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
