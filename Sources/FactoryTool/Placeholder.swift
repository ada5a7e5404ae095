public enum FactoryToolPlaceholder {}
