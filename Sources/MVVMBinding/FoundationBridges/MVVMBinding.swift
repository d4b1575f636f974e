// The MVVMBinding module: everything of Combine that a Swift programmer imports. The
// Foundation-free core (publishers, subscribers, subjects, operators, the DispatchQueue,
// ImmediateScheduler and test schedulers, @Published) is MVVMBindingCore, re-exported here; this
// module adds Combine's integrations with corelibs Foundation (the RunLoop and OperationQueue
// schedulers, Timer.publish, NotificationCenter.publisher), which link CoreFoundation and ICU.
// The shipped library's own targets import MVVMBindingCore only, so libmvvm.so links neither.
@_exported import MVVMBindingCore
