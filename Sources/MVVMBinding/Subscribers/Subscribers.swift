/// Namespace for subscriber types and for `Demand` and `Completion`.
public enum Subscribers {}
