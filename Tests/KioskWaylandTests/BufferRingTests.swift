import KioskCore
import Testing
@testable import KioskWayland

private let surface = Rect(0, 0, 800, 480)

private func damage(_ rects: Rect...) -> DamageRegion {
    var region = DamageRegion()
    for r in rects { region.add(r) }
    return region
}

private func ring(buffers: Int) -> BufferRing {
    var ring = BufferRing(bounds: surface)
    for _ in 0..<buffers { _ = ring.addBuffer() }
    return ring
}

@Test("a buffer of unknown contents gets the whole frame, whatever the damage")
func newBufferGetsEverything() {
    var buffers = ring(buffers: 3)
    let frame = buffers.beginFrame(damage: damage(Rect(10, 10, 5, 5)))
    #expect(frame?.repaint == DamageRegion(surface))
}

@Test("a buffer the compositor still holds is never chosen")
func heldBuffersAreNeverWritten() {
    var buffers = ring(buffers: 3)
    var used: [Int] = []
    for step in 0..<6 {
        guard let frame = buffers.beginFrame(damage: damage(Rect(Double(step) * 10, 0, 10, 10))) else {
            Issue.record("no free buffer at step \(step)")
            return
        }
        #expect(!buffers.held[frame.buffer])
        buffers.committed(frame.buffer)
        used.append(frame.buffer)
        // The compositor lets go of the previous buffer only when it has the new one.
        if used.count >= 2 { buffers.released(used[used.count - 2]) }
    }
    // Two buffers suffice when each is released once the next one is shown.
    #expect(Set(used).count == 2)
}

@Test("when the compositor holds every buffer no frame begins, and nothing is recorded")
func allHeldMeansWait() {
    var buffers = ring(buffers: 2)
    for _ in 0..<2 { buffers.committed(buffers.beginFrame(damage: damage(surface))!.buffer) }
    let before = buffers.frameNumber
    #expect(buffers.beginFrame(damage: damage(Rect(0, 0, 1, 1))) == nil)
    #expect(buffers.frameNumber == before)
    buffers.released(0)
    #expect(buffers.beginFrame(damage: damage(Rect(0, 0, 1, 1)))?.buffer == 0)
}

@Test("alternating between two buffers copies the last two frames' damage, not the whole frame")
func bufferAgeCopiesOnlyTheDamage() {
    var buffers = ring(buffers: 3)
    let knobBefore = Rect(100, 200, 40, 40), knobAfter = Rect(110, 200, 40, 40)
    // Two full frames fill the two buffers that alternate.
    var previous: Int?
    for rect in [surface, surface, knobBefore] {
        let frame = buffers.beginFrame(damage: damage(rect))!
        buffers.committed(frame.buffer)
        if let previous { buffers.released(previous) }
        previous = frame.buffer
    }
    let frame = buffers.beginFrame(damage: damage(knobAfter))!
    #expect(buffers.age(of: frame.buffer) == 0)
    #expect(frame.repaint.rects.allSatisfy { $0.intersects(knobBefore) || $0.intersects(knobAfter) })
    #expect(frame.repaint.area <= knobBefore.union(knobAfter).area)
    #expect(frame.repaint.area >= knobAfter.area)
}

@Test("a buffer older than the damage history is repainted whole")
func tooOldMeansEverything() {
    var buffers = BufferRing(bounds: surface, historyLength: 2)
    _ = buffers.addBuffer()
    _ = buffers.addBuffer()
    let first = buffers.beginFrame(damage: damage(surface))!   // buffer 0 holds frame 1
    buffers.committed(first.buffer)
    for step in 0..<3 {   // frames 2, 3, 4 all go to buffer 1
        let frame = buffers.beginFrame(damage: damage(Rect(Double(step), 0, 1, 1)))!
        #expect(frame.buffer == 1)
    }
    buffers.committed(1)
    buffers.released(first.buffer)
    // Buffer 0 is three frames behind when frame 5 goes into it; the history keeps two.
    let fifth = buffers.beginFrame(damage: damage(Rect(9, 0, 1, 1)))!
    #expect(fifth.buffer == 0)
    #expect(fifth.repaint == DamageRegion(surface))
}
