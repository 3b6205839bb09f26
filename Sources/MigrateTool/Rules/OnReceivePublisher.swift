import SourceScan

/// `.onReceive(model.$x) { v in … }` becomes `.onChange(of: model.x, initial: true) { _, v in … }`.
/// Review: `onChange` fires only on change and needs `x` to be `Equatable`.
struct OnReceivePublisher: Rule {
    static let id = "on-receive-publisher"

    func check(_ context: RuleContext) -> [Finding] {
        ObservationUse.publisherSites(.onReceivePublisher, context).compactMap { unit, site in
            guard let edits = OnReceiveConversion.plan(site, context), let call = site.onReceiveCall else { return nil }
            let file = context.files[site.file]
            let name = PublishedPublisher.propertyName(site)
            let receiver = site.receiver.map { file.sourceText($0) } ?? "model"
            return Finding(
                ruleID: Self.id, fixClass: .review, file: site.file, offset: Int(file.tokens[call.lowerBound + 1].start),
                message: ".onReceive(\(receiver).$\(name)) becomes .onChange(of: \(receiver).\(name), initial: true); it fires only "
                    + "when the value changes and needs it to be Equatable",
                suggestion: ".onChange(of: \(receiver).\(name), initial: true) { _, value in … }",
                edits: edits.map { FileEdit(file: site.file, edit: $0) }, unit: unit)
        }
    }
}
