/// Up to 15 token types packed four bits each into one integer (the count in the lowest
/// four bits), so the parser walks a state's expected tokens without touching an array.
struct PackedTokenTypes: Sequence, IteratorProtocol {
    private var packed: UInt64

    init(_ types: [TokenType]) {
        var packed = UInt64(Swift.min(types.count, 15))
        for (index, type) in types.prefix(15).enumerated() { packed |= type.code << (4 * UInt64(index + 1)) }
        self.packed = packed
    }

    mutating func next() -> TokenType? {
        guard packed & 0xF > 0 else { return nil }
        let count = packed & 0xF
        packed >>= 4
        let type = TokenType(code: packed & 0xF)
        packed = (packed & ~0xF) | (count - 1)
        return type
    }
}
