#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Prints how long each pipeline phase took and the peak memory so far, on stderr, when
/// `OBSERVATION_MIGRATE_TIMINGS` is set: how a slow or large run on someone's tree gets diagnosed
/// without a profiler.
enum PhaseTimer {
    static let isEnabled = getenv("OBSERVATION_MIGRATE_TIMINGS") != nil

    /// Prints a fact about the run next to the timings, when enabled.
    static func note(_ message: @autoclosure () -> String) {
        if isEnabled { StandardError.line("timing: \(message())") }
    }

    /// Runs `work`, reporting its duration under `name` when enabled.
    @inline(__always)
    static func measure<Result>(_ name: String, _ work: () throws -> Result) rethrows -> Result {
        guard isEnabled else { return try work() }
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let result = try work()
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        let milliseconds = Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6
        StandardError.line("timing: \(name): \(Int(milliseconds.rounded())) ms, peak \(Benchmark.peakResidentBytes() >> 20) MB so far"
                           + (residentNow.map { ", \($0 >> 20) MB now" } ?? ""))
        return result
    }

    /// The resident memory at this moment, where the system says (Linux): next to the peak it
    /// tells what a phase keeps from what it only needed while it ran.
    private static var residentNow: Int? {
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        // "size resident shared …", in pages.
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(getpagesize())
    }
}
