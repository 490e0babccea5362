// Part of the interface between the runner and step libraries (docs/architecture.md).

/// A step's part in a scenario's attempted actions, for `--dry-run`: an attempt records an
/// outcome that a later check must read before the next attempt (or the scenario fails at
/// its end); a check reads the outcome of the last attempt before it.
///
/// A run finds both mistakes when it gets there; a dry run finds them from the order of the
/// steps alone (`OutcomeSequence`). The messages are the library's, in the step's language.
public enum OutcomeRole: Sendable {
    /// What a dry run says of this attempt when no check follows it before the next
    /// attempt or the scenario's end.
    case attempt(unchecked: String)
    /// What a dry run says of this check when no attempt came before it.
    case check(noAttempt: String)
}
