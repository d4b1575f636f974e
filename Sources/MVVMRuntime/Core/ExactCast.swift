/// `value` as a `Target` when its dynamic type is exactly `Target`, else nil: one comparison
/// of two metadata pointers and a copy. An `any RecordValue` or `any Sendable` opens into
/// `value` (SE-0352), so a record or a host answer's payload comes back typed without the
/// runtime's general cast, which `as?` from an existential takes (`swift_dynamicCast`, ≈ 300
/// instructions per record on the answer's path). No subclass, optional or bridging
/// conversion is made: the callers know the exact type and only check it.
@inline(__always)
func exactCast<Source, Target>(_ value: Source, to target: Target.Type) -> Target? {
    guard Source.self == Target.self else { return nil }
    return withUnsafePointer(to: value) { UnsafeRawPointer($0).assumingMemoryBound(to: Target.self).pointee }
}
