/// How many temporary files a writer may make for one write (`JSONFileStore`'s saves,
/// `SQLiteStoreFile.create`) when a cleaner keeps taking the new one for abandoned.
///
/// A temporary file is locked right after it is created, and a cleaner (another repository
/// opening the same store, in this or another process) removes only unlocked ones; between
/// the creation and the lock it may remove the new file, and the writer then starts again
/// with another. On a loaded machine the writer is often preempted in that window: with three
/// tries, 4 to 15 saves of 200 failed under a test's tight cleaner loop while the two cores
/// ran other builds. So the bound is high: losing 64 races in a row does not happen, and a
/// bound still stops a livelock.
enum TemporaryFileAttempts {
    static let limit = 64
}
