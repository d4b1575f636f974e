extension Post {
    /// `count` moved by one like (`liked`) or unlike, never below 0 and never past `Int.max`:
    /// a store file or a host may hold any count, and stepping past Int's range would trap.
    public static func likesCount(_ count: Int, afterLiking liked: Bool) -> Int {
        let (moved, overflow) = count.addingReportingOverflow(liked ? 1 : -1)
        return max(0, overflow ? count : moved)
    }
}
