#!/usr/bin/env python3
"""Writes one large generated Swift file for the memory benchmark (Benchmarks/memory.sh).

Usage: generate_large_file.py [--megabytes N] [--seed S] OUTPUT

The file is a realistic mix in the legacy style, repeated with varied names until it reaches the
size asked for (default 50 MB):

- models: `final class ModelN: ObservableObject` with `@Published` and plain stored properties,
  computed properties, methods with long bodies, some `objectWillChange.send()` and `$x` uses
  (blockers), some subclasses and extensions;
- views: `struct ViewN: View` holding `@StateObject`, `@ObservedObject`, `@EnvironmentObject`,
  with long `body` builders (stacks, lists, bindings `$model.x`, string interpolations, closures);
- plain code: long functions with switch statements, arrays, dictionaries and comments, the kind
  of generated code (tables, localisation, assets) that makes real files this large.

The output depends only on the arguments, so runs compare like with like.
"""

import argparse
import random


def model(index: int, rng: random.Random) -> str:
    published = rng.randint(3, 12)
    plain = rng.randint(0, 4)
    lines = []
    if index % 17 == 0 and index > 0:
        lines.append(f"class Model{index}: Model{index - 1} {{")
    elif (index + 1) % 17 == 0:
        lines.append(f"class Model{index}: ObservableObject {{")  # subclassed: cannot be final
    else:
        lines.append(f"final class Model{index}: ObservableObject {{")
    for p in range(published):
        kind = rng.choice(["String", "Int", "Bool", "[String]", "Double", "Date?"])
        default = {"String": f'"value {p}"', "Int": str(p), "Bool": "false", "[String]": "[]",
                   "Double": f"{p}.5", "Date?": "nil"}[kind]
        lines.append(f"    @Published var property{p}: {kind} = {default}")
    for p in range(plain):
        lines.append(f"    var cache{p}: [Int: String] = [:]")
        lines.append(f"    let identifier{p} = UUID()")
    lines.append("")
    lines.append(f"    var summary: String {{")
    lines.append(f'        "Model{index}: \\(property0) and \\(property{published - 1})"')
    lines.append("    }")
    for m in range(rng.randint(2, 6)):
        lines.append("")
        lines.append(f"    /// Recomputes part {m} of the model's state from its inputs.")
        lines.append(f"    func update{m}(with values: [Int]) {{")
        lines.append("        var total = 0")
        for step in range(rng.randint(5, 30)):
            lines.append(f"        if values.count > {step} {{ total += values[{step}] * {step + 1} }}")
        lines.append(f'        property0 = "total \\(total) at step {m}"')
        if index % 11 == 0 and m == 0:
            lines.append("        objectWillChange.send()")
        lines.append("    }")
    if index % 13 == 0:
        lines.append("")
        lines.append("    var cancellables: Set<AnyCancellable> = []")
        lines.append("    func observe() {")
        lines.append("        $property0.sink { value in print(value) }.store(in: &cancellables)")
        lines.append("    }")
    lines.append("}")
    if index % 7 == 0:
        lines.append("")
        lines.append(f"extension Model{index} {{")
        lines.append('    func reset() { property0 = "" }')
        lines.append("}")
    return "\n".join(lines) + "\n\n"


def view(index: int, rng: random.Random) -> str:
    model_index = rng.randint(0, index)
    lines = [f"struct View{index}: View {{"]
    lines.append(f"    @StateObject private var model = Model{model_index}()")
    lines.append(f"    @ObservedObject var shared: Model{max(0, model_index - 1)}")
    if index % 5 == 0:
        lines.append(f"    @EnvironmentObject var settings: Model{max(0, model_index - 2)}")
    lines.append("    @State private var isPresented = false")
    lines.append("")
    lines.append("    var body: some View {")
    lines.append("        NavigationStack {")
    lines.append("            List {")
    for row in range(rng.randint(5, 40)):
        choice = row % 5
        if choice == 0:
            lines.append(f'                Text("Row {row}: \\(model.property0)")')
        elif choice == 1:
            lines.append(f'                TextField("Field {row}", text: $model.property0)')
        elif choice == 2:
            lines.append(f"                ForEach(0..<{row + 3}, id: \\.self) {{ item in")
            lines.append(f'                    Label("Item \\(item)", systemImage: "star")')
            lines.append("                }")
        elif choice == 3:
            lines.append(f"                Button(\"Action {row}\") {{ model.update0(with: [{row}, {row * 2}]) }}")
        else:
            lines.append(f"                Toggle(\"Option {row}\", isOn: $isPresented)")
    lines.append("            }")
    lines.append(f'            .navigationTitle("Screen {index}")')
    lines.append("            .sheet(isPresented: $isPresented) {")
    lines.append(f"                Detail{index}(model: model)")
    lines.append("            }")
    lines.append("        }")
    lines.append("    }")
    lines.append("}")
    lines.append("")
    lines.append(f"struct Detail{index}: View {{")
    lines.append(f"    @ObservedObject var model: Model{model_index}")
    lines.append('    var body: some View { Text(model.summary).padding() }')
    lines.append("}")
    if index % 3 == 0:
        lines.append("")
        lines.append("#Preview {")
        lines.append(f"    View{index}(shared: Model{max(0, model_index - 1)}())")
        lines.append("}")
    return "\n".join(lines) + "\n\n"


def table(index: int, rng: random.Random) -> str:
    lines = [f"/// Generated lookup table {index}; do not edit."]
    lines.append(f"func lookup{index}(_ key: Int) -> String {{")
    lines.append("    switch key {")
    for case in range(rng.randint(20, 120)):
        lines.append(f'    case {case}: return "entry {index}.{case} \\(key)"  // row {case}')
    lines.append('    default: return ""')
    lines.append("    }")
    lines.append("}")
    lines.append(f"let colors{index}: [String: (Double, Double, Double)] = [")
    for entry in range(rng.randint(10, 60)):
        lines.append(f'    "color{entry}": ({rng.random():.3f}, {rng.random():.3f}, {rng.random():.3f}),')
    lines.append("]")
    return "\n".join(lines) + "\n\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("output")
    parser.add_argument("--megabytes", type=float, default=50)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    target = int(arguments.megabytes * 1_000_000)
    written = 0
    index = 0
    with open(arguments.output, "w", encoding="utf-8") as output:
        header = "import SwiftUI\nimport Combine\nimport Foundation\n\n"
        output.write(header)
        written += len(header)
        while written < target:
            chunk = model(index, rng) + view(index, rng) + table(index, rng)
            output.write(chunk)
            written += len(chunk.encode("utf-8"))
            index += 1
    print(f"{arguments.output}: {written / 1e6:.1f} MB, {index} models, {index} views, {index} tables")


if __name__ == "__main__":
    main()
