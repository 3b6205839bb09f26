// Namespace for the runtime-equivalence tests, so `swift test --filter Equivalence` selects
// exactly them: the filter matches test identifiers, and every suite here is nested in this one.

import Fixtures
import Testing

/// The shim, the fixtures and the oracle (issue 6).
@Suite("Equivalence")
enum Equivalence {}

extension OracleReport {
    /// The kinds of violation the report holds, for tests that expect a broken pair to fail.
    var violationKinds: Set<Violation.Kind> {
        Set(violations.map(\.kind))
    }
}
