/// Maps identifier bytes to a `Word` without allocating: the bytes are packed into two 64-bit
/// integers and looked up in a small open-addressing table built once from `Word.allCases`.
struct WordTable: Sendable {
    private static let slotBits = 10
    private var keyLow: [UInt64]
    private var keyHigh: [UInt64]
    private var keyLength: [UInt8]
    private var words: [Word]

    /// The table shared by every lexer.
    static let shared = WordTable()

    private init() {
        let slots = 1 << Self.slotBits
        keyLow = Array(repeating: 0, count: slots)
        keyHigh = Array(repeating: 0, count: slots)
        keyLength = Array(repeating: 0, count: slots)
        words = Array(repeating: .none, count: slots)
        for word in Word.allCases where word != .none {
            let bytes = Array(word.spelling.utf8)
            let (low, high) = bytes.withUnsafeBufferPointer { Self.pack($0.baseAddress!, bytes.count) }
            var slot = Self.hash(low, high, bytes.count)
            while keyLength[slot] != 0 { slot = (slot + 1) & (slots - 1) }
            keyLow[slot] = low
            keyHigh[slot] = high
            keyLength[slot] = UInt8(bytes.count)
            words[slot] = word
        }
    }

    @inline(__always)
    private static func pack(_ base: UnsafePointer<UInt8>, _ count: Int) -> (UInt64, UInt64) {
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

    /// The word spelled by `count` bytes at `base`, or `.none`.
    @inline(__always)
    func word(_ base: UnsafePointer<UInt8>, _ count: Int) -> Word {
        guard count >= 2, count <= 16 else { return .none }
        let (low, high) = Self.pack(base, count)
        var slot = Self.hash(low, high, count)
        let mask = (1 << Self.slotBits) - 1
        while true {
            let length = keyLength[slot]
            if length == 0 { return .none }
            if Int(length) == count, keyLow[slot] == low, keyHigh[slot] == high { return words[slot] }
            slot = (slot + 1) & mask
        }
    }
}
