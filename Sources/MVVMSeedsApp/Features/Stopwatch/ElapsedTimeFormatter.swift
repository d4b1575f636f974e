/// Formats a stopwatch reading as `mm:ss.cc`: minutes, seconds and hundredths of a second.
///
/// Minutes have at least two digits and keep growing past 59 (`75:03.20`, `120:00.00`);
/// there is no hour field. Hundredths are truncated, not rounded, as a stopwatch display does:
/// the reading only says `00:01.00` once a full second has passed. Negative durations show as
/// zero.
public enum ElapsedTimeFormatter {
    /// `duration` as `mm:ss.cc`, for example `01:05.07` for 65.079 seconds.
    public static func string(from duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard seconds > 0 || (seconds == 0 && attoseconds > 0) else { return "00:00.00" }
        let hundredths = attoseconds / 10_000_000_000_000_000  // 1e16 attoseconds = 0.01 s
        let minutes = seconds / 60
        return "\(twoDigits(minutes)):\(twoDigits(seconds % 60)).\(twoDigits(hundredths))"
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
