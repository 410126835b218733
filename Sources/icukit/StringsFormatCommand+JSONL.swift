import FoundationEssentials
import ICUKit

/// `icukit strings format PATH --jsonl`: one request per line, one answer per line, in order.
extension StringsFormatCommand {
    /// A request line: `{"key":…,"args":[…],"preferred":[…]}`, optionally `"device"`,
    /// `"language"`, `"accept-language"`, `"width"`.
    struct Request: Decodable {
        let key: String
        let args: [JSONArgument]?
        let preferred: [String]?
        let language: String?
        let acceptLanguage: String?
        let device: String?
        let width: Int?

        enum CodingKeys: String, CodingKey {
            case key, args, preferred, language, device, width
            case acceptLanguage = "accept-language"
        }
    }

    /// A JSON argument: an integer, another number or a string.
    enum JSONArgument: Decodable {
        case integer(Int64)
        case double(Double)
        case string(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Int64.self) {
                self = .integer(value)
            } else if let value = try? container.decode(Double.self) {
                self = .double(value)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }

    func serve(_ strings: LocalizedStrings, file: String?) throws(CLIFailure) {
        let pipeline = RecordPipeline(
            jsonLines: true, lossy: false, onError: batch.onError, jobs: batch.jobs ?? CLI.processorCount, flushesEachRecord: batch.flush,
            rawLines: true)
        let (isolate, device, width) = (self.isolate, self.device, self.width)
        try pipeline.run(file: file == "-" ? nil : file) { line, out throws(CLIFailure) in
            let request: Request
            do { request = try JSONDecoder().decode(Request.self, from: Data(line.utf8)) } catch {
                throw .data("expected a request {\"key\":…,\"args\":[…],\"preferred\":[…]} (\(Self.reason(error)))")
            }
            let language: String
            if let chosen = request.language {
                language = strings.language(for: [chosen])
            } else if let header = request.acceptLanguage {
                language = strings.language(acceptLanguage: header)
            } else {
                language = strings.language(for: request.preferred ?? [])
            }
            var record = "{\"key\":" + JSON.string(request.key)
            do throws(StringsError) {
                let arguments = try Self.typed(request.args ?? [], kinds: strings.catalog.argumentKinds(of: request.key, language: language))
                let value = try strings.format(
                    request.key, arguments, language: language, device: request.device ?? device, width: request.width ?? width, isolate: isolate)
                record += ",\"language\":" + JSON.string(language) + ",\"value\":" + JSON.string(value) + "}\n"
            } catch {
                record += ",\"error\":" + JSON.string(error.kind.rawValue + ": " + error.message) + "}\n"
            }
            out.append(record)
        }
    }

    /// JSON arguments typed by the key's format: a string where an integer or number is
    /// due is read as one; the formatter refuses what still does not fit.
    static func typed(_ values: [JSONArgument], kinds: [FormatPlaceholder.ArgumentKind?]) throws(StringsError) -> [StringArgument] {
        var arguments: [StringArgument] = []
        for (index, value) in values.enumerated() {
            let kind = index < kinds.count ? kinds[index] : nil
            switch value {
            case .integer(let number): arguments.append(kind == .string ? .string(String(number)) : .integer(number))
            case .double(let number): arguments.append(kind == .string ? .string(String(number)) : .double(number))
            case .string(let text):
                switch kind {
                case .integer?, .unsignedInteger?, .pointer?:
                    guard let number = Int64(text) else { throw StringsError(.argumentType, "argument \(index + 1) (\(text)) is not an integer") }
                    arguments.append(.integer(number))
                case .double?:
                    guard let number = Double(text), number.isFinite else {
                        throw StringsError(.argumentType, "argument \(index + 1) (\(text)) is not a number")
                    }
                    arguments.append(.double(number))
                default: arguments.append(.string(text))
                }
            }
        }
        return arguments
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: return "not a JSON object"
        }
    }
}
