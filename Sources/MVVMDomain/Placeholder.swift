public enum DomainPlaceholder {}
