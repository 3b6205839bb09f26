// Dependency and key-path environment typing: `@Dependency(\.x) var y` and
// `@Environment(\.x) var y` read the type of `var x` in an extension of the values type;
// wrappers given a metatype (`@UIApplicationDelegateAdaptor(AppDelegate.self) var delegate`,
// `@Environment(Store.self) var store`) hold a value of that type.

extension ExpressionTyper {
    /// Property wrappers whose key-path argument names a property of a values type:
    /// `@Dependency(\.client)` (swift-dependencies), `@Environment(\.client)` (SwiftUI).
    /// Factory's `@Injected(\.store)` (and its lazy, weak and observing variants) read a
    /// `var store: Factory<Store>` of an extension of `Container`: the value is the `Store`.
    static let keyPathRoots = ["Dependency": "DependencyValues", "Environment": "EnvironmentValues",
                               "Injected": "Container", "LazyInjected": "Container", "WeakLazyInjected": "Container",
                               "InjectedObject": "Container"]

    /// The type of a property declared `@Dependency(\.x) var y` or `@Environment(\.x) var y`:
    /// the type of `var x` in an extension of `DependencyValues` (`EnvironmentValues`) in the
    /// tree. Nil when the wrapper is not there or its argument is not such a key path; unknown
    /// when the tree does not declare `x` exactly once (it may come from a library).
    func keyPathWrapperValue(of variable: DeclarationID, trail: Trail) -> Typed? {
        let file = types.files[variable.file]
        let declaration = file.declarations[variable.declaration]
        guard let attribute = declaration.attributes.first(where: { Self.keyPathRoots[String($0.baseName)] != nil }),
              let root = Self.keyPathRoots[String(attribute.baseName)], let arguments = attribute.arguments else { return nil }
        // `(\.x)` or `(\Root.x)`.
        let tokens = file.tokens
        var index = arguments.lowerBound + 1
        guard index < arguments.upperBound, tokens[index].kind == .backslash else { return nil }
        index += 1
        let scope = DeclarationID(file: variable.file, declaration: declaration.parent ?? -1)
        if tokens[index].kind == .identifier {
            if !file.source.tokenText(index, equals: root) {
                // Factory's own containers (`@LazyInjected(\SharedServiceContainer.manager)`): a
                // container class of the tree whose `var manager: Factory<T>` registers the value.
                guard root == "Container", index + 3 == arguments.upperBound - 1, tokens[index + 1].kind == .period,
                      tokens[index + 2].kind == .identifier else { return nil }
                return factoryValue(file.source.text(index + 2), container: file.source.text(index), from: scope)
            }
            index += 1
        }
        guard index + 2 == arguments.upperBound - 1, tokens[index].kind == .period,
              tokens[index + 1].kind == .identifier || tokens[index + 1].kind == .keyword else { return nil }
        let name = file.source.text(index + 1)
        // A values type declared in the tree: its own members and extensions.
        if case .declared(let values) = types.resolve(root, from: scope) {
            return memberType(name, of: Typed(.declared(values)), isStatic: false, trail: trail) ?? .unknown
        }
        return keyPathValue(name, of: root, trail: trail) ?? .unknown
    }

    /// Property `name` of the external values type `root` (`DependencyValues`), declared once
    /// in an extension in the tree; nil otherwise.
    func keyPathValue(_ name: String, of root: String, trail: Trail) -> Typed? {
        guard Self.keyPathRoots.values.contains(root), let found = keyPathValues[root + "." + name], found.count == 1,
              let property = found.first,
              let binding = types.declaration(property).bindings.first(where: { $0.name == name }) else { return nil }
        if root == "Container" { return factoryRegistration(binding, declaredBy: property) }
        return variableType(binding, declarationID: property, trail: trail)
    }

    /// The type a Factory registration `var store: Factory<Store> { self { Store() } }` registers,
    /// as written and resolved where it is declared; unknown for a property not written so.
    func factoryRegistration(_ binding: VariableBinding, declaredBy property: DeclarationID) -> Typed {
        guard let annotation = binding.typeAnnotation,
              let (base, arguments) = Self.genericArguments(of: types.files[property.file].compactText(annotation)),
              base.trimming(charactersIn: " ") == "Factory", arguments.count == 1 else { return .unknown }
        return resolveWritten(arguments[0], from: DeclarationID(file: property.file, declaration: types.declaration(property).parent ?? -1))
    }

    /// The value a Factory container of the tree registers as `name`: the `T` of its
    /// `var name: Factory<T>` (in the container class, an extension of it or a superclass of
    /// the tree), resolved where it is declared. Unknown when the container is not a class of the
    /// tree or the property is not written so (a library's container may register anything).
    func factoryValue(_ name: String, container: String, from scope: DeclarationID) -> Typed {
        guard case .declared(let containerID) = types.resolve(container, from: scope) else { return .unknown }
        let found = firstMember(of: containerID) { id, declaration, _ in
            guard declaration.kind == .variable, !declaration.hasModifier(.static),
                  let binding = declaration.bindings.first(where: { $0.name == name }) else { return nil }
            return factoryRegistration(binding, declaredBy: id)
        }
        return found ?? .unknown
    }

    /// FactoryKit's global `resolve(\.x)` and `resolve(\Container.x)` (`@StateObject var router =
    /// resolve(\RouterContainer.darkWebRouter)`): the value the container registers as `x`, when
    /// the tree declares no function of that name and the call's one argument is such a key path.
    func factoryResolveResult(at token: Int, file fileIndex: Int, trail: Trail) -> Typed? {
        let file = types.files[fileIndex]
        let tokens = file.tokens
        guard file.source.tokenText(token, equals: "resolve"), globalFunctions["resolve"] == nil,
              token + 1 < tokens.count, tokens[token + 1].kind == .leftParen, tokens[token + 2].kind == .backslash else { return nil }
        let close = file.closing(token + 1)
        let scope = DeclarationID(file: fileIndex, declaration: owner(file: fileIndex, token: token) ?? -1)
        // `\.x`: Factory's default `Container`; `\Root.x`: a container of the tree.
        if close == token + 5, tokens[token + 3].kind == .period, tokens[token + 4].kind == .identifier {
            return keyPathValue(file.source.text(token + 4), of: "Container", trail: trail) ?? .unknown
        }
        guard close == token + 6, tokens[token + 3].kind == .identifier, tokens[token + 4].kind == .period,
              tokens[token + 5].kind == .identifier else { return nil }
        let container = file.source.text(token + 3)
        if container == "Container", case .external = types.resolve(container, from: scope) {
            return keyPathValue(file.source.text(token + 5), of: "Container", trail: trail) ?? .unknown
        }
        return factoryValue(file.source.text(token + 5), container: container, from: scope)
    }

    /// Property wrappers whose one unlabelled argument `T.self` makes the wrapped value a `T`:
    /// SwiftUI's application delegate adaptors and Observation's environment reads.
    static let metatypeWrappers: Set<String> = [
        "UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor",
        "WKExtensionDelegateAdaptor", "Environment",
    ]

    /// The type of a property declared `@UIApplicationDelegateAdaptor(AppDelegate.self) var
    /// delegate` (or another of `metatypeWrappers`): the type the argument names, resolved from
    /// the declaration's scope. Nil when no such wrapper is there or its argument is anything but
    /// `Name.self` (`@Environment(\.dismiss)` is a key path, read above).
    func metatypeWrapperValue(of variable: DeclarationID) -> Typed? {
        let file = types.files[variable.file]
        let declaration = file.declarations[variable.declaration]
        guard let attribute = declaration.attributes.first(where: { Self.metatypeWrappers.contains(String($0.baseName)) }),
              let arguments = attribute.arguments else { return nil }
        let tokens = file.tokens
        // `(` Name [. Name]* `.` `self` `)`
        let inner = (arguments.lowerBound + 1)..<(arguments.upperBound - 1)
        guard file.isMetatype(inner),
              inner.dropLast(2).allSatisfy({ tokens[$0].kind == .identifier || tokens[$0].kind == .period }),
              tokens[inner.lowerBound].kind == .identifier else { return nil }
        let written = file.compactText(inner.lowerBound..<(inner.upperBound - 2))
        let scope = DeclarationID(file: variable.file, declaration: declaration.parent ?? -1)
        return resolveWritten(written, from: scope)
    }

    /// A variable a property wrapper of the tree wraps, written without a type or value
    /// (`@AppState var appState`, whose wrapper's `wrappedValue` is an `AppStateProvider`): the
    /// type of the wrapper's `wrappedValue`. Only for a wrapper that is not generic: a generic
    /// one's value depends on arguments inferred from the variable, which is what is missing.
    func treeWrapperValue(of variable: DeclarationID, trail: Trail) -> Typed? {
        let file = types.files[variable.file]
        let declaration = file.declarations[variable.declaration]
        let scope = DeclarationID(file: variable.file, declaration: declaration.parent ?? -1)
        for attribute in declaration.attributes {
            guard case .declared(let wrapper) = types.resolve(String(attribute.baseName), from: scope) else { continue }
            let wrapperDeclaration = types.declaration(wrapper)
            guard wrapperDeclaration.attributes.contains(where: { $0.baseName == "propertyWrapper" }),
                  wrapperDeclaration.genericParameters.isEmpty else { continue }
            return memberType("wrappedValue", of: Typed(.declared(wrapper)), isStatic: false, trail: trail)
        }
        return nil
    }

    /// A variable a property wrapper from outside the tree wraps, written without a type, a
    /// value or arguments (FlowKit's `@Flow var flow`): the wrapper fixes the value's type, since
    /// nothing in the declaration could give a generic one its arguments, and a library cannot
    /// name the app's types. The value is external, then, not one of the tree's models.
    func externalWrapperValue(of variable: DeclarationID) -> Typed? {
        let file = types.files[variable.file]
        let declaration = file.declarations[variable.declaration]
        let scope = DeclarationID(file: variable.file, declaration: declaration.parent ?? -1)
        for attribute in declaration.attributes {
            let name = String(attribute.baseName)
            // Arguments may give the value its type (`@Dependency(\.service)`, `@Inject(Service.self)`).
            guard attribute.arguments == nil, name.first?.isUppercase == true, !PropertyAttributes.nonWrapper.contains(name),
                  case .external = types.resolve(name, from: scope) else { continue }
            return Typed(.external("\(name).wrappedValue"))
        }
        return nil
    }
}

