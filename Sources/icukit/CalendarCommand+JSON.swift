import FoundationEssentials
@_spi(Internals) import ICUKit

/// The JSON lines of `calendar convert`, each assembled in one scratch buffer and appended to
/// the output at once. The parts that repeat are prepared once as bytes: the keys, the
/// calendar's identifier, and each era's and month's name, escaped, with the keys around it
/// (looked up as `CalendarNameCache` does: the era; the month, leap flag and Hebrew leap year).
/// Every calendar command that writes a converted date as JSON writes it through this type.
struct CalendarJSONWriter {
    private var names: CalendarNameCache
    /// `","calendar":"ID","era":`
    private let calendarPart: [UInt8]
    /// `,"eraName":"NAME","year":` of the last era seen, and of the others.
    private var lastEra = Int.min
    private var lastEraPart: [UInt8] = []
    private var eraParts: [Int: [UInt8]] = [:]
    /// `,"monthName":"NAME"}` and a newline, by `CalendarNameCache.monthKey` (below 64), or by
    /// the key beyond.
    private var monthParts = [[UInt8]?](repeating: nil, count: 64)
    private var otherMonthParts: [Int: [UInt8]] = [:]
    private var scratch: UnsafeMutablePointer<UInt8>
    private var capacity = 512

    init(system: CalendarSystem) {
        names = CalendarNameCache(system: system)
        calendarPart = Self.bytes { $0.append("\",\"calendar\":"); $0.append(jsonString: system.identifier); $0.append(",\"era\":") }
        scratch = .allocate(capacity: capacity)
    }

    /// Frees the scratch buffer; the writer is not used after.
    func release() { scratch.deallocate() }

    private static func bytes(_ build: (inout OutputBuffer) -> Void) -> [UInt8] {
        var buffer = OutputBuffer(collecting: true)
        build(&buffer)
        return buffer.pending
    }

    private mutating func eraPart(_ fields: CalendarDate, date: Date) throws(CalendarError) -> [UInt8] {
        if fields.era == lastEra { return lastEraPart }
        let part: [UInt8]
        if let known = eraParts[fields.era] {
            part = known
        } else {
            let name = try names.eraName(fields, date: date)
            part = Self.bytes { $0.append(",\"eraName\":"); $0.append(jsonString: name); $0.append(",\"year\":") }
            eraParts[fields.era] = part
        }
        lastEra = fields.era
        lastEraPart = part
        return part
    }

    private mutating func monthPart(_ fields: CalendarDate, date: Date) throws(CalendarError) -> [UInt8] {
        let key = names.monthKey(fields)
        if key >= 0 && key < 64, let part = monthParts[key] { return part }
        if let part = otherMonthParts[key] { return part }
        let name = try names.monthName(fields, date: date)
        let part = Self.bytes { $0.append(",\"monthName\":"); $0.append(jsonString: name); $0.append("}\n") }
        if key >= 0 && key < 64 { monthParts[key] = part } else { otherMonthParts[key] = part }
        return part
    }

    /// Appends the record of one date given as text, escaped as JSON where it needs to be.
    mutating func append(iso: String, _ fields: CalendarDate, date: Date, to out: inout OutputBuffer) throws(CLIFailure) {
        let plain = iso.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        // Escaped, the string goes in without its quotes.
        let bytes = plain ? Array(iso.utf8) : Array(Self.bytes { $0.append(jsonString: iso) }.dropFirst().dropLast())
        try bytes.withUnsafeBufferPointer { bytes throws(CLIFailure) in try append(iso: bytes, fields, date: date, to: &out) }
    }

    /// Appends the record of one date: `iso` is the trimmed input as it goes between the JSON
    /// quotes (no escaping is done here), `fields` its fields in the calendar, `date` its
    /// instant (for names not yet seen).
    mutating func append(iso: UnsafeBufferPointer<UInt8>, _ fields: CalendarDate, date: Date, to out: inout OutputBuffer) throws(CLIFailure) {
        let era: [UInt8], month: [UInt8]
        do {
            era = try eraPart(fields, date: date)
            month = try monthPart(fields, date: date)
        } catch { throw .data(error.description) }
        // The constant keys (61 bytes), five numbers of at most 21 bytes (a sign, 20 digits), the parts.
        let bound = 200 + iso.count + calendarPart.count + era.count + month.count
        if bound > capacity {
            scratch.deallocate()
            capacity = bound
            scratch = .allocate(capacity: capacity)
        }
        var record = Cursor(at: scratch)
        record.put("{\"date\":\"")
        record.put(iso)
        record.put(calendarPart)
        record.put(decimal: fields.era)
        record.put(era)
        record.put(decimal: fields.year)
        record.put(",\"month\":")
        record.put(decimal: fields.month)
        record.put(fields.isLeapMonth ? ",\"isLeapMonth\":true,\"day\":" : ",\"isLeapMonth\":false,\"day\":")
        record.put(decimal: fields.day)
        record.put(",\"extendedYear\":")
        record.put(decimal: fields.extendedYear)
        record.put(month)
        out.append(bytes: UnsafeBufferPointer(start: scratch, count: record.at - scratch))
    }

    /// The write position in the scratch buffer, which has room for the whole record.
    private struct Cursor {
        var at: UnsafeMutablePointer<UInt8>

        @inline(__always) mutating func put(_ text: StaticString) {
            at.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            at += text.utf8CodeUnitCount
        }

        @inline(__always) mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            if let base = bytes.baseAddress { at.update(from: base, count: bytes.count) }
            at += bytes.count
        }

        @inline(__always) mutating func put(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { put($0) } }

        /// The decimal digits of `value`, written from the last.
        mutating func put(decimal value: Int) {
            if value < 0 { at.pointee = UInt8(ascii: "-"); at += 1 }
            var rest = value.magnitude
            var digits = 1
            var scale: UInt = 10
            while digits < 20 && rest >= scale { digits += 1; scale = scale &* 10 }
            at += digits
            var end = at
            repeat {
                end -= 1
                end.pointee = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
                rest /= 10
            } while rest > 0
        }
    }
}
