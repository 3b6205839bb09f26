// Namespace for the runtime-equivalence tests, so `swift test --filter Equivalence` selects
// exactly them: the filter matches test identifiers, and every suite here is nested in this one.

import Testing

/// The shim, the fixtures and the oracle (issue 6).
@Suite("Equivalence")
enum Equivalence {}
