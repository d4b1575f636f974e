public enum FeaturesPlaceholder {}
