import BenchmarkSupport
import MVVMBinding
import MallocStats

// Bytes per `@Published` property of a plain Swift object nobody observes, beside a stored
// property of the same type: objects with eight `Int` (and eight `String`) properties of each
// kind, and an empty object, N of each alive at once; malloc's bytes in use before and after
// (mallinfo2), medians of several runs. Per property = (object - empty object) / 8.

private final class EmptyObject {}

private final class StoredInts {
    var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0
}

private final class PublishedInts {
    @Published var a = 0
    @Published var b = 0
    @Published var c = 0
    @Published var d = 0
    @Published var e = 0
    @Published var f = 0
    @Published var g = 0
    @Published var h = 0
}

private final class StoredStrings {
    var a = "", b = "", c = "", d = "", e = "", f = "", g = "", h = ""
}

private final class PublishedStrings {
    @Published var a = ""
    @Published var b = ""
    @Published var c = ""
    @Published var d = ""
    @Published var e = ""
    @Published var f = ""
    @Published var g = ""
    @Published var h = ""
}

private func bytesInUse() -> Double {
    Double(malloc_stats_bytes_in_use())
}

/// Median bytes per object of `make()`, `count` alive at once.
private func bytesPerObject(count: Int = 100_000, runs: Int = 5, _ make: () -> AnyObject) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        var objects: [AnyObject] = []
        objects.reserveCapacity(count)
        let before = bytesInUse()
        for _ in 0..<count { objects.append(make()) }
        let after = bytesInUse()
        samples.append((after - before) / Double(count))
        blackHole(objects)
    }
    samples.sort()
    return samples[samples.count / 2]
}

func reportPublishedMemory() {
    let empty = bytesPerObject { EmptyObject() }
    let storedInt = (bytesPerObject { StoredInts() } - empty) / 8
    let publishedInt = (bytesPerObject { PublishedInts() } - empty) / 8
    report("memory_published_int_property", publishedInt, unit: "B/property")
    report("memory_stored_int_property", storedInt, unit: "B/property")
    reportRatio("memory_published_int_property", ours: publishedInt, reference: storedInt)
    let storedString = (bytesPerObject { StoredStrings() } - empty) / 8
    let publishedString = (bytesPerObject { PublishedStrings() } - empty) / 8
    report("memory_published_string_property", publishedString, unit: "B/property")
    report("memory_stored_string_property", storedString, unit: "B/property")
    reportRatio("memory_published_string_property", ours: publishedString, reference: storedString)
}
