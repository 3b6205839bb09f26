// Publishers with Combine's spelling, for the parts fixture code uses: `sink`, `map`,
// `dropFirst`, `removeDuplicates`, `handleEvents(receiveCancel:)`, `eraseToAnyPublisher`,
// `CurrentValueSubject`, `PassthroughSubject`, `AnyPublisher`.
//
// Delivery is synchronous, on the sender's thread, as Combine's is without a scheduler: a
// subject's `send` runs every subscriber's closure before it returns. That is what the publisher
// bridge relies on (the value reaches subscribers before the property stores it).

import Foundation

/// Something that delivers values over time, as Combine's `Publisher`; subscribing is the one
/// requirement, every operator is built on it.
public protocol Publisher<Output, Failure> {
    /// The values delivered.
    associatedtype Output
    /// The error that ends delivery (`Never` for every publisher the fixtures use).
    associatedtype Failure: Error

    /// Delivers values to `receive` until the returned token is cancelled or released.
    func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable
}

extension Publisher where Failure == Never {
    /// Calls `receiveValue` with every value delivered, until the token is cancelled or released.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        subscribe(receiveValue)
    }
}

extension Publisher {
    /// The values transformed by `transform`.
    public func map<T>(_ transform: @escaping (Output) -> T) -> AnyPublisher<T, Failure> {
        AnyPublisher { receive in subscribe { receive(transform($0)) } }
    }

    /// Every value but the first `count` of each subscription (a replayed current value, say).
    public func dropFirst(_ count: Int = 1) -> AnyPublisher<Output, Failure> {
        AnyPublisher { receive in
            var remaining = count
            return subscribe { value in
                if remaining > 0 { remaining -= 1 } else { receive(value) }
            }
        }
    }

    /// The same values; `receiveCancel` runs when a subscription is cancelled or released.
    public func handleEvents(receiveCancel: (() -> Void)? = nil) -> AnyPublisher<Output, Failure> {
        AnyPublisher { receive in
            let upstream = subscribe(receive)
            return AnyCancellable {
                upstream.cancel()
                receiveCancel?()
            }
        }
    }

    /// The publisher behind a type that hides what it is.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher { receive in subscribe(receive) }
    }
}

extension Publisher where Output: Equatable {
    /// Every value that differs from the one delivered before it.
    public func removeDuplicates() -> AnyPublisher<Output, Failure> {
        AnyPublisher { receive in
            var last: Output?
            return subscribe { value in
                guard value != last else { return }
                last = value
                receive(value)
            }
        }
    }
}

/// A publisher whose type says only what it delivers.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    private let subscribeBody: (@escaping (Output) -> Void) -> AnyCancellable

    /// Wraps the subscription of another publisher.
    public init(_ subscribe: @escaping (@escaping (Output) -> Void) -> AnyCancellable) {
        subscribeBody = subscribe
    }

    /// Subscribes to the wrapped publisher.
    public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        subscribeBody(receive)
    }
}

/// A subject that holds a value: a new subscriber gets the current value at once, then every
/// value sent, equal values included, as Combine's `CurrentValueSubject`.
public final class CurrentValueSubject<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let subscribers = Subscribers<Output>()

    /// The last value sent (or the initial one).
    public private(set) var value: Output

    /// Starts with `value`.
    public init(_ value: Output) {
        self.value = value
    }

    /// Stores `value` and delivers it to every subscriber.
    public func send(_ value: Output) {
        self.value = value
        subscribers.send(value)
    }

    /// Delivers the current value now, then every value sent.
    public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        let token = subscribers.add(receive)
        receive(value)
        return token
    }
}

/// A subject without a value: subscribers get every value sent after they subscribe, as
/// Combine's `PassthroughSubject`.
public final class PassthroughSubject<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let subscribers = Subscribers<Output>()

    /// A subject nobody has sent anything to.
    public init() {}

    /// Delivers `value` to every subscriber.
    public func send(_ value: Output) {
        subscribers.send(value)
    }

    /// Delivers every value sent from now on.
    public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        subscribers.add(receive)
    }
}

extension PassthroughSubject where Output == Void {
    /// Delivers the announcement `()`.
    public func send() {
        send(())
    }
}
