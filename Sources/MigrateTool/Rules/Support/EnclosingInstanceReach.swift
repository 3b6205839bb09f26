import SourceScan

/// The models that can reach a property wrapper's `static subscript<T: ObservableObject>(
/// _enclosingInstance instance: T, wrapped:, storage:)`: the classes that apply the wrapper
/// (`EnclosingInstanceSubscript`). So an `instance.objectWillChange` inside it belongs to those
/// models, not to every model that may meet the wrapper's module (swift-paperless's
/// `@PublishedUserDefaultsBacked` is applied by one settings object, yet held nine models).
enum EnclosingInstanceReach {
    /// The units of the classes applying the wrapper whose `_enclosingInstance` subscript holds
    /// `site`, and the wrapper's name, when `site`'s receiver is the subscript's enclosing-instance
    /// parameter, or a name holding its cast to `ObservableObject` (`if let object = instance as?
    /// any ObservableObject`); nil when the site is anywhere else or a mention of the wrapper may
    /// apply it under another name.
    static func units(reaching site: Site, _ context: RuleContext) -> (units: [Int], wrapper: String)? {
        guard let receiver = site.receiver, receiver.count == 1, let ownerID = site.ownerID,
              let subscriptDeclaration = EnclosingInstanceSubscript(holding: ownerID, context.types) else { return nil }
        let file = context.files[site.file]
        let name = file.source.text(receiver.lowerBound)
        guard name == subscriptDeclaration.instanceName
                || subscriptDeclaration.bindsInstanceCast(name, before: receiver.lowerBound, in: file),
              let types = subscriptDeclaration.applyingTypes(context.types) else { return nil }
        return (context.units(of: types), context.declaration(subscriptDeclaration.wrapper).name)
    }
}
