import SwiftUI

/// `summary` is computed on first use and then kept, however the entries change.
class ReportModel: ObservableObject {
    @Published var entries = [3, 1, 2]
    lazy var summary = "Report of \(entries.count) entries"

    func addEntry() {
        entries.append(entries.count + 1)
    }
}

struct ReportView: View {
    @ObservedObject var report: ReportModel

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
