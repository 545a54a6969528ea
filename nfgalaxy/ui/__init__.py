"""The Textual app: screens and widgets bound to the rules engine through the decision interface."""
