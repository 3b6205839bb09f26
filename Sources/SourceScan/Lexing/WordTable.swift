/// Maps identifier bytes to a `Word` without allocating: the bytes are packed into two 64-bit
/// integers and looked up in a small open-addressing table built once from `Word.allCases`.
///
/// The table lives at a fixed address for the process's lifetime and is read through a pointer,
/// so a lookup costs two loads, a multiply and a compare: no bounds checks, no reference counting.
struct WordTable: @unchecked Sendable {
    private static let slotBits = 10
    private static let mask = (1 << slotBits) - 1

    /// One slot: the packed spelling and its word; `length == 0` marks an empty slot.
    private struct Entry {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length: UInt8 = 0
        var word: Word = .none
    }

    private let entries: UnsafePointer<Entry>
    /// Whether any word starts with a byte: most type names (`String`, `View`) fail this test
    /// and skip the hashing.
    private let startsAWord: UnsafePointer<Bool>

    /// The table shared by every lexer.
    static let shared = WordTable()

    /// The longest spelling in the table, so callers can skip longer identifiers cheaply.
    static let maximumLength = 16

    private init() {
        let slots = 1 << Self.slotBits
        let storage = UnsafeMutablePointer<Entry>.allocate(capacity: slots)
        storage.initialize(repeating: Entry(), count: slots)
        for word in Word.allCases where word != .none {
            let bytes = Array(word.spelling.utf8)
            precondition(bytes.count >= 2 && bytes.count <= Self.maximumLength)
            let (low, high) = bytes.withUnsafeBufferPointer { Self.pack($0.baseAddress!, bytes.count, available: bytes.count) }
            var slot = Self.hash(low, high, bytes.count)
            while storage[slot].length != 0 { slot = (slot + 1) & Self.mask }
            storage[slot] = Entry(low: low, high: high, length: UInt8(bytes.count), word: word)
        }
        entries = UnsafePointer(storage)
        let starts = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        starts.initialize(repeating: false, count: 256)
        for word in Word.allCases where word != .none { starts[Int(word.spelling.utf8.first!)] = true }
        startsAWord = UnsafePointer(starts)
    }

    /// Packs `count` (≤ 16) bytes into two little-endian words, zero-padded. With at least 16
    /// bytes readable from `base` (`available`), it loads whole words and masks them; near the
    /// end of a buffer it goes byte by byte.
    @inline(__always)
    private static func pack(_ base: UnsafePointer<UInt8>, _ count: Int, available: Int) -> (UInt64, UInt64) {
        if available >= 16 {
            let raw = UnsafeRawPointer(base)
            var low = raw.loadUnaligned(as: UInt64.self).littleEndian
            var high: UInt64 = 0
            if count < 8 {
                low &= (1 << (8 * UInt64(count))) &- 1
            } else if count > 8 {
                high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian
                if count < 16 { high &= (1 << (8 * UInt64(count - 8))) &- 1 }
            }
            return (low, high)
        }
        var low: UInt64 = 0
        var high: UInt64 = 0
        for index in 0..<min(count, 8) { low |= UInt64(base[index]) << (8 * UInt64(index)) }
        if count > 8 {
            for index in 8..<count { high |= UInt64(base[index]) << (8 * UInt64(index - 8)) }
        }
        return (low, high)
    }

    @inline(__always)
    private static func hash(_ low: UInt64, _ high: UInt64, _ count: Int) -> Int {
        let mixed = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
        return Int(truncatingIfNeeded: (mixed ^ (mixed >> 29)) >> UInt64(64 - slotBits))
    }

    /// The word spelled by `count` bytes at `base`, or `.none`. `available` is how many bytes
    /// from `base` may be read (at least `count`).
    @inline(__always)
    func word(_ base: UnsafePointer<UInt8>, _ count: Int, available: Int) -> Word {
        guard count >= 2, count <= Self.maximumLength, startsAWord[Int(base[0])] else { return .none }
        let (low, high) = Self.pack(base, count, available: available)
        var slot = Self.hash(low, high, count)
        while true {
            let entry = entries[slot]
            if entry.length == 0 { return .none }
            if Int(entry.length) == count, entry.low == low, entry.high == high { return entry.word }
            slot = (slot + 1) & Self.mask
        }
    }
}
