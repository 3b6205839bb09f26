import SwiftUI

/// The lazy summary is fixed at first render; overwriting it from outside refreshes nothing.
public enum ReportScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "lazy-property"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let report = ReportModel()
        return ScriptedApp(
            root: ReportView(report: report),
            steps: [
                .tap("Add entry"),
                .mutate("summary overwritten") { report.summary = "Rewritten" },
                .tap("Add entry"),
            ],
            probes: [
                Probe("entries") { report.entries.map(String.init).joined(separator: ",") },
                Probe("summary") { report.summary },
            ]
        )
    }
}
