#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SourceScan

/// `debug bench`: the rerunnable speed and memory measurement of the scanner.
///
/// Every run reads, lexes and structures each file on one core, as the acceptance figure asks.
/// A read-only pass in the same process is the baseline, so the ratio survives a noisy machine.
enum Benchmark {
    static func run(paths: [String], runs: Int, output: inout OutputSink) -> Int32 {
        let walk = TreeWalker().walk(paths)
        for problem in walk.problems { StandardError.line("observation-migrate: warning: \(problem)") }
        let files = walk.swiftFiles
        guard !files.isEmpty else {
            StandardError.line("observation-migrate: error: no .swift files under \(paths.joined(separator: " "))")
            return 2
        }
        // Untimed warm-up: brings every file into the page cache and checks the round-trip.
        var totalBytes = 0
        var totalLines = 0
        var totalTokens = 0
        var totalDeclarations = 0
        var notTiling: [String] = []
        for path in files {
            guard case .success(let bytes) = FileSystem.read(path) else { continue }
            totalBytes += bytes.count
            totalLines += LineMap(bytes).lineCount(byteCount: bytes.count)
            let structure = FileStructure(SourceFile(path: path, bytes: bytes))
            totalTokens += structure.tokens.count
            totalDeclarations += structure.declarations.count
            if !TokenTiling.isExact(structure.tokens, byteCount: bytes.count) { notTiling.append(path) }
        }
        // Wall time is what a user waits for; this thread's CPU time is what the work costs, and
        // stays put when other processes share the cores.
        var readOnly = Timings()
        var lexOnly = Timings()
        var scan = Timings()
        var checksum = 0
        for _ in 0..<runs {
            readOnly.measure {
                for path in files {
                    if case .success(let bytes) = FileSystem.read(path) { checksum &+= bytes.count }
                }
            }
            // Lexing alone, so a change in speed can be put on the lexer or on the structure.
            lexOnly.measure {
                for path in files {
                    guard case .success(let bytes) = FileSystem.read(path) else { continue }
                    checksum &+= Lexer.tokenize(bytes).count
                }
            }
            scan.measure {
                for path in files {
                    guard case .success(let bytes) = FileSystem.read(path) else { continue }
                    let structure = FileStructure(SourceFile(path: path, bytes: bytes))
                    checksum &+= structure.declarations.count
                }
            }
        }
        let megabytes = Double(totalBytes) / 1_000_000
        let scanMedian = median(scan.wall)
        let readMedian = median(readOnly.wall)
        let lexMedian = median(lexOnly.wall)
        func cpuLine(_ timings: Timings) -> String {
            let seconds = median(timings.cpu)
            return "\(format(seconds)) s  (\(format(megabytes / seconds)) MB/s)"
        }
        output.write("""
            files:              \(files.count)
            size:               \(format(megabytes)) MB, \(totalLines) lines
            tokens:             \(totalTokens)
            declarations:       \(totalDeclarations)
            round-trip:         \(notTiling.isEmpty ? "exact on every file" : "NOT EXACT on \(notTiling.count) files: \(notTiling.prefix(5).joined(separator: ", "))")
            runs:               \(runs) (median reported; one core)
            read only:          \(format(readMedian)) s  (\(format(megabytes / readMedian)) MB/s)  baseline
            read+lex:           \(format(lexMedian)) s  (\(format(megabytes / lexMedian)) MB/s)
            read+lex+structure: \(format(scanMedian)) s  (\(format(megabytes / scanMedian)) MB/s)  \(format(scanMedian / readMedian))x the read-only time
            slowest/fastest:    \(format(scan.wall.max()!)) s / \(format(scan.wall.min()!)) s
            cpu time of the scanning thread (robust to other load on the machine):
              read only:          \(cpuLine(readOnly))
              read+lex:           \(cpuLine(lexOnly))
              read+lex+structure: \(cpuLine(scan))
            peak memory:        \(format(Double(peakResidentBytes()) / 1_048_576)) MiB
            checksum:           \(checksum)

            """)
        return notTiling.isEmpty ? 0 : 1
    }

    /// Wall and CPU seconds of each run of one phase.
    struct Timings {
        var wall: [Double] = []
        var cpu: [Double] = []

        mutating func measure(_ work: () -> Void) {
            let wallStart = now(CLOCK_MONOTONIC)
            let cpuStart = now(CLOCK_THREAD_CPUTIME_ID)
            work()
            cpu.append(now(CLOCK_THREAD_CPUTIME_ID) - cpuStart)
            wall.append(now(CLOCK_MONOTONIC) - wallStart)
        }
    }

    static func now(_ clock: clockid_t = CLOCK_MONOTONIC) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func format(_ value: Double) -> String {
        let scaled = (value * 100).rounded() / 100
        return String(scaled)
    }

    /// Peak resident set size of this process, in bytes.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
        #endif
    }
}
