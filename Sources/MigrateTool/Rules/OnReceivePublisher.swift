import SourceScan

/// `.onReceive(model.$x) { v in … }` becomes `.onChange(of: model.x, initial: true) { _, v in … }`.
/// Review: `onChange` fires only on change, needs `x` to be `Equatable`, runs after the store
/// (`$x` delivered before it) and hears several sets within one update as the last one.
struct OnReceivePublisher: Rule {
    static let id = "on-receive-publisher"

    func check(_ context: RuleContext) -> [Finding] {
        ObservationUse.publisherSites(.onReceivePublisher, context).compactMap { unit, site in
            // The second branch of `c ? m.$a : m.$b` has no edits of its own.
            guard let edits = OnReceiveConversion.plan(site, context), !edits.isEmpty, let call = site.onReceiveCall,
                  case .memberPublisher(let name) = site.kind, let receiver = site.receiver,
                  let argument = OnReceiveArgument(site, name: name, receiver: receiver, open: call.lowerBound + 2,
                                                   close: call.upperBound - 1, context) else { return nil }
            let file = context.files[site.file]
            let publisher = file.sourceText((call.lowerBound + 3)..<(argument.end + 1))
            return Finding(
                ruleID: Self.id, fixClass: .review, file: site.file, offset: Int(file.tokens[call.lowerBound + 1].start),
                message: ".onReceive(\(publisher)) becomes .onChange(of: \(argument.value), initial: true); it fires only "
                    + "when the value changes and needs it to be Equatable, runs after the store where $x delivered before it "
                    + "(the closure reads the new value on the model, not the old one), and hears several sets within one "
                    + "update as the last one",
                suggestion: ".onChange(of: \(argument.value), initial: true) { _, value in … }",
                edits: edits.map { FileEdit(file: site.file, edit: $0) }, unit: unit)
        }
    }
}
