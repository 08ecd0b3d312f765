import KioskCore
import Testing
import KioskBackend

private let screen = Rect(0, 0, 800, 480)
private let full = DamageRegion(screen)

private func damage(_ rects: Rect...) -> DamageRegion {
    var region = DamageRegion()
    for r in rects { region.add(r) }
    return region
}

/// Presents one frame: begins it, queues its flip and lets the flip complete.
@discardableResult
private func presentAndFlip(_ chain: inout SwapChain, _ region: DamageRegion) -> (buffer: Int, repaint: DamageRegion) {
    let frame = chain.beginFrame(damage: region)
    chain.queue(frame.buffer)
    chain.completeFlip()
    return frame
}

/// Covered pixels of a region, as a set of rectangles' union area, for order-independent checks.
private func covers(_ region: DamageRegion, _ rect: Rect) -> Bool {
    region.rects.contains { $0.contains(rect) }
}

@Test("a buffer that was never drawn gets the whole frame, whatever the damage")
func neverDrawnBufferGetsEverything() {
    var chain = SwapChain(bufferCount: 2, bounds: screen)
    let first = chain.beginFrame(damage: damage(Rect(10, 10, 5, 5)))
    #expect(first.repaint == full)
}

@Test("with double buffering a reused buffer is two frames old and gets the last two damages")
func doubleBufferingCopiesTheLastTwoDamages() {
    var chain = SwapChain(bufferCount: 2, bounds: screen)
    chain.showDirectly(0)  // the modeset's black buffer: contents unknown
    presentAndFlip(&chain, damage(Rect(0, 0, 10, 10)))        // buffer 1: full (never drawn)
    let second = presentAndFlip(&chain, damage(Rect(100, 0, 10, 10)))  // buffer 0: unknown → full
    #expect(second.repaint == full)
    let a = Rect(200, 200, 20, 20), b = Rect(600, 300, 30, 30)
    presentAndFlip(&chain, damage(a))
    let fourth = chain.beginFrame(damage: damage(b))
    #expect(chain.age(of: fourth.buffer) == 0)
    #expect(covers(fourth.repaint, a) && covers(fourth.repaint, b))
    #expect(fourth.repaint.area == a.area + b.area)
}

@Test("a buffer of age N gets the union of the last N damages", arguments: [1, 2, 3, 4])
func bufferOfAgeNGetsLastNDamages(age: Int) {
    var chain = SwapChain(bufferCount: 2, bounds: screen, historyLength: 4)
    chain.showDirectly(0)
    let damages = (0..<6).map { Rect(Double($0) * 100 + 50, 100, 40, 40) }
    for rect in damages { presentAndFlip(&chain, damage(rect)) }
    let repaint = chain.repaintRegion(forContent: chain.frameNumber - age)
    let expected = damages.suffix(age)
    for rect in expected { #expect(covers(repaint, rect)) }
    #expect(repaint.area == expected.reduce(0) { $0 + $1.area })
}

@Test("with three buffers and flips done before the next frame, the two freshest alternate (age 2)")
func threeBuffersAlternateTheFreshest() {
    var chain = SwapChain(bufferCount: 3, bounds: screen)
    chain.showDirectly(0)
    for i in 0..<4 { presentAndFlip(&chain, damage(Rect(Double(i), 0, 1, 1))) }
    let a = Rect(100, 100, 10, 10), b = Rect(300, 100, 10, 10)
    presentAndFlip(&chain, damage(a))
    let next = chain.beginFrame(damage: damage(b))
    #expect(chain.age(of: next.buffer) == 0)
    #expect(next.repaint.area == a.area + b.area)
}

@Test("with three buffers the freshest free buffer is chosen")
func freshestFreeBufferIsChosen() {
    var chain = SwapChain(bufferCount: 3, bounds: screen)
    chain.showDirectly(0)
    let one = presentAndFlip(&chain, full)   // into 1 or 2 (both unknown)
    let two = presentAndFlip(&chain, full)   // the other unknown one is not fresher than 0? all unknown but 1
    #expect(one.buffer != 0 && two.buffer != one.buffer)
    // Now `two` is on screen, `one` holds the previous frame, buffer 0 an unknown one.
    let next = chain.beginFrame(damage: damage(Rect(1, 1, 1, 1)))
    #expect(next.buffer == one.buffer)
    #expect(chain.age(of: two.buffer) == 1)
}

@Test("after a resume every buffer is repainted whole, even with tiny damage")
func invalidateAllForcesFullCopies() {
    var chain = SwapChain(bufferCount: 2, bounds: screen)
    chain.showDirectly(0)
    for _ in 0..<4 { presentAndFlip(&chain, damage(Rect(0, 0, 10, 10))) }
    chain.invalidateAll()
    let a = presentAndFlip(&chain, damage(Rect(5, 5, 1, 1)))
    let b = presentAndFlip(&chain, damage(Rect(5, 5, 1, 1)))
    #expect(a.repaint == full)
    #expect(b.repaint == full)
    let c = presentAndFlip(&chain, damage(Rect(5, 5, 1, 1)))
    #expect(c.repaint == damage(Rect(5, 5, 1, 1)))
}

@Test("a buffer older than the damage history gets everything")
func olderThanHistoryGetsEverything() {
    var chain = SwapChain(bufferCount: 3, bounds: screen, historyLength: 1)
    chain.showDirectly(0)
    for _ in 0..<3 { presentAndFlip(&chain, full) }
    let next = chain.beginFrame(damage: damage(Rect(0, 0, 1, 1)))
    #expect(chain.age(of: next.buffer) == 0)
    #expect(next.repaint == full)
}

@Test("a frame whose flip failed stays drawn: the next frame into that buffer copies only new damage")
func failedFlipKeepsFrameContent() {
    var chain = SwapChain(bufferCount: 2, bounds: screen)
    chain.showDirectly(0)
    presentAndFlip(&chain, full)  // 1 on screen
    presentAndFlip(&chain, full)  // 0 on screen, 1 holds the previous frame
    let failed = chain.beginFrame(damage: damage(Rect(0, 0, 10, 10)))
    // The flip was refused: nothing queued, the buffer is free again and holds the frame.
    #expect(chain.queued == nil)
    #expect(chain.role(of: failed.buffer) == .free)
    let retry = chain.beginFrame(damage: damage(Rect(50, 50, 10, 10)))
    #expect(retry.buffer == failed.buffer)
    #expect(retry.repaint == damage(Rect(50, 50, 10, 10)))
}

@Test("damage outside the framebuffer is clipped away")
func damageIsClippedToBounds() {
    var chain = SwapChain(bufferCount: 2, bounds: screen)
    chain.showDirectly(0)
    presentAndFlip(&chain, full)
    presentAndFlip(&chain, full)
    presentAndFlip(&chain, damage(Rect(790, 470, 50, 50)))
    let next = chain.beginFrame(damage: DamageRegion())
    #expect(next.repaint == damage(Rect(790, 470, 10, 10)))
}

@Test("a completed flip makes the queued buffer the front one and frees the old front")
func flipCompletionMovesRoles() {
    var chain = SwapChain(bufferCount: 2, bounds: screen)
    chain.showDirectly(0)
    let frame = chain.beginFrame(damage: full)
    chain.queue(frame.buffer)
    #expect(chain.role(of: frame.buffer) == .queued)
    #expect(chain.role(of: 0) == .front)
    chain.completeFlip()
    #expect(chain.front == frame.buffer)
    #expect(chain.queued == nil)
    #expect(chain.role(of: 0) == .free)
}
