/// `precondition` that keeps its message in optimized builds (`precondition` drops it),
/// so libFuzzer's crash report says which property broke.
public func expect(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { fatalError(message(), file: file, line: line) }
}
