#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs recursive work on a thread of its own with a large stack. The declaration parser
/// recurses once per nesting level, and a debug build spends kilobytes of stack per level: a
/// file nested a hundred levels deep overflows the 512 KiB that macOS gives secondary threads
/// (Dispatch's workers among them). Only deeply nested files take this path, so the thread costs
/// nothing in the common case; the stack is reserved address space, touched only as it is used.
enum LargeStack {
    /// Stack for the work: far more than `FileStructure.maximumNestingDepth` levels need.
    static let size = 256 << 20

    /// Boxes the work and its result for the thread's C entry point.
    private final class Job {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }

    /// `body`'s result, computed on a thread with a `size` stack (inline if no thread can be made).
    static func run<Result>(_ body: () -> Result) -> Result {
        withoutActuallyEscaping(body) { body in
            var result: Result?
            let job = Job { result = body() }
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, size)
            let context = Unmanaged.passRetained(job).toOpaque()
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let created = pthread_create(&thread, &attributes, { context in
                Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().work()
                return nil
            }, context)
            guard created == 0 else {
                Unmanaged<Job>.fromOpaque(context).release()
                return body()
            }
            #if canImport(Darwin)
            pthread_join(thread!, nil)
            #else
            pthread_join(thread, nil)
            #endif
            return result!
        }
    }
}
