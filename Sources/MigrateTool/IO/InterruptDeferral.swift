#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The signal that arrived while `InterruptDeferral` was holding them, 0 when none. Written by
/// the handler only (a plain store, which is async-signal-safe), read after the handler is gone.
nonisolated(unsafe) private var deferredSignal: sig_atomic_t = 0

/// Holds off SIGINT, SIGTERM and SIGHUP while `apply` has temporary files and backups beside the
/// user's sources: a CI timeout or a Ctrl-C then stops the run at the next safe point, after the
/// transaction has removed them (everything put back, or everything written), instead of
/// leaving hidden `.observation-migrate-*` files that `git add -A` would pick up. Outside the
/// transaction the signals keep their default action: nothing is on disk to tidy.
enum InterruptDeferral {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `body` with the signals deferred; `body` asks `arrived` at its safe points. Returns
    /// its result and the signal that arrived meanwhile, if one did: the caller says what state
    /// the files are in, then calls `redeliver`.
    static func run<T>(_ body: (_ arrived: () -> Bool) -> T) -> (result: T, signal: Int32?) {
        deferredSignal = 0
        var previous: [Int32: sigaction] = [:]
        for signal in signals {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { deferredSignal = $0 }
            #else
            action.__sigaction_handler.sa_handler = { deferredSignal = $0 }
            #endif
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            // A signal the parent set to be ignored (`nohup`) stays ignored.
            guard sigaction(signal, nil, &old) == 0, !Self.isIgnored(old) else { continue }
            if sigaction(signal, &action, nil) == 0 { previous[signal] = old }
        }
        // Received even where the parent left them blocked (Foundation's `Process` passes its
        // mask on to children): the transaction tidies up either way.
        var handled = sigset_t(), oldMask = sigset_t()
        sigemptyset(&handled)
        for signal in previous.keys { sigaddset(&handled, signal) }
        pthread_sigmask(SIG_UNBLOCK, &handled, &oldMask)
        let result = body { deferredSignal != 0 }
        pthread_sigmask(SIG_SETMASK, &oldMask, nil)
        for (signal, var old) in previous { sigaction(signal, &old, nil) }
        let arrived = deferredSignal
        return (result, arrived != 0 && previous[arrived] != nil ? arrived : nil)
    }

    /// Delivers `signal` again with the action it had before `run` (normally: the process ends
    /// as killed by it, exit status 128 + the signal), as a tool killed mid-run should; it is
    /// unblocked first, since it arrived while `run` had unblocked it.
    static func redeliver(_ signal: Int32) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
    }

    /// Whether the action is `SIG_IGN`.
    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
        let handler = action.__sigaction_u.__sa_handler
        #else
        let handler = action.__sigaction_handler.sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
