import SwiftUI

// In the Modern folder, and added to the Classic target by an exception.
struct Badge: View {
    let count: Int

    var body: some View {
        Text("\(count)")
    }
}
