// Each family measures the same work through MVVMBinding and through plain Swift closures, in
// the same process and run, so the ratio is meaningful on a noisy machine; one file each.

benchPublishedSend()
benchMapFilterChain()
benchRemoveDuplicatesChain()
benchTryMapChain()
benchFlatMapChurn()
benchCombineLatest()
benchZip()
benchSequenceScan()
benchDebounce()
benchSubjectFanOut()
benchSubscribeCancelChurn()

// Memory: @Published beside a stored property (see PublishedMemory.swift).
if isSelected("memory_published") { reportPublishedMemory() }
