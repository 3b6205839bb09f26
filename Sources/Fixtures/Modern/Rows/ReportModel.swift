import SwiftUI
import Observation

/// `summary` is computed on first use and then kept, however the entries change.
@Observable class ReportModel {
    var entries = [3, 1, 2]
    @ObservationIgnored lazy var summary = "Report of \(entries.count) entries"

    func addEntry() {
        entries.append(entries.count + 1)
    }
}

struct ReportView: View {
    var report: ReportModel

    var body: some View {
        VStack {
            Text(report.summary)
            Text("Entries: \(report.entries.map(String.init).joined(separator: " "))")
            Button("Add entry") {
                report.addEntry()
            }
        }
    }
}
