/// Namespace for the publisher types that operators return, such as `Publishers.Map`.
public enum Publishers {}
