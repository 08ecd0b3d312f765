@preconcurrency import Glibc
import KioskControls
import KioskCore
import KioskUI
import KioskConfig
import KioskRender
import KioskService

/// The frames `kiosk bench` measures: passes of the one headless pipeline (`HeadlessKiosk`,
/// stepped a refresh at a time, as a device's loop runs), each frame's damage copied to a
/// scanout buffer as DRM copies it into a dumb buffer.
extension BenchCommand {
    func measure(config: KioskConfiguration, width: Int, height: Int) throws -> Result {
        let kiosk = HeadlessKiosk(scene: KioskSetup.sceneSource(for: config), panelWidth: width, panelHeight: height) { _ in }
        try kiosk.start()
        defer { kiosk.end() }
        guard let runtime = kiosk.runtime, let backend = kiosk.backend else {
            preconditionFailure("a started headless kiosk has its pipeline")
        }
        let refresh = kiosk.refreshInterval
        let scene = runtime.scene, renderer = runtime.renderer
        // A scanout of its own: the headless display shows the frame itself, which would leave
        // the copy every real display makes out of the numbers.
        let scanout = try PixelBuffer(width: width, height: height, format: .xrgb32)
        backend.onPresent = { frame, damage in for rect in damage.rects { scanout.copy(rect, from: frame) } }
        var time = Instant.zero
        /// One pass, a refresh after the last: the simulation's steps, and a frame if something changed.
        func frame() {
            time += refresh
            _ = try? kiosk.advance(to: time)
        }
        func settle() {
            var n = 0
            while scene.isAnimating && n < 10_000 { frame(); n += 1 }
        }
        /// Everything repainted, as after a resume.
        func fullFrame() {
            renderer.invalidateAll()
            scene.invalidateAll()
            frame()
        }
        frame()

        var ms: [Case: Double] = [:]
        ms[.full] = median(.full) { fullFrame() }

        let controls = scene.currentScreen.controls
        if let slider = controls.compactMap({ $0 as? RangeSlider }).first {
            // One step = the value change of one design pixel of knob travel, back and forth.
            let step = (slider.maximumValue - slider.minimumValue) / max(1, slider.usableTrackLength)
            let base = slider.upperValue > slider.lowerValue + step ? slider.upperValue - step : slider.upperValue
            var flip = false
            ms[.range] = median(.range) {
                flip.toggle()
                slider.setUpperValue(flip ? base + step : base)
                frame()
            }
        }
        if let dial = controls.compactMap({ $0 as? CircularSlider }).first {
            let base = dial.angle
            var flip = false
            ms[.circular] = median(.circular) {
                flip.toggle()
                dial.setAngle(flip ? base + 1 : base)
                frame()
            }
        }
        if let label = controls.compactMap({ $0 as? Label }).first {
            // Two texts of one shape, as a total that ticks up: what changes is a glyph or two.
            let base = label.text
            let texts = ["Total: 9.60 €", "Total: 9.70 €"]
            var flip = false
            ms[.text] = median(.text) {
                flip.toggle()
                label.text = texts[flip ? 1 : 0]
                frame()
            }
            label.text = base
            frame()
        }
        if wanted(.language) { ms[.language] = measureLanguageSwitch(in: scene, frame: frame) }
        if wanted(.progress) { ms[.progress] = measureProgress(in: scene, frame: frame) }
        if wanted(.toggle) { ms[.toggle] = measureToggle(in: scene, frame: frame, settle: settle) }
        if wanted(.list) { ms[.list] = measureListFling(in: scene, frame: frame) }

        // The overlay fully presented (its animation run to the end), then whole frames.
        if wanted(.overlay), let overlay = try overlay(in: scene) {
            scene.showOverlay(overlay.id)
            settle()
            frame()
            ms[.overlay] = median(.overlay) { fullFrame() }
            overlay.dismiss()
            settle()
            frame()
        }

        // A frame of a panel sliding over the start screen, dim included: one 60 Hz frame (two
        // 120 Hz simulation steps) of the first panel in the config (or an empty bottom panel),
        // sent back out once it is in and in again once it is gone, so that every frame
        // measured is one of a moving panel.
        let panel = Self.firstPanel(in: scene)
        func panelFrame() {
            if !scene.overlays.contains(where: { $0 === panel }) {
                scene.showOverlay(panel.id)
            } else if panel.presentation >= 1 {
                panel.dismiss()
            }
            frame()
        }
        ms[.panel] = median(.panel) { panelFrame() }
        // The photo frames are of the screen alone: the panel of the case before goes first.
        if scene.overlays.contains(where: { $0 === panel }) {
            panel.dismiss()
            settle()
            frame()
        }
        try measurePhoto(scene: scene, frame: frame, fullFrame: fullFrame, into: &ms)
        if wanted(.pages) { ms[.pages] = measurePages(in: scene, frame: frame, now: { time }) }
        ms[.memcpy] = try memcpyFloor(width: width, height: height)
        return Result(size: "\(width)x\(height)", ms: ms)
    }

    /// Frames that each follow a language switch, between the config's first language and its
    /// last (the anchor's Arabic: every text shaped again, right to left): the runtime writes
    /// every text in the frame after the switch. Nil without two languages.
    private func measureLanguageSwitch(in scene: Scene, frame: () -> Void) -> Double? {
        guard let first = scene.languages.first, let last = scene.languages.last, last != first else { return nil }
        defer {
            scene.setLanguage(first)
            frame()
        }
        var flip = false
        return median(.language) {
            flip.toggle()
            scene.setLanguage(flip ? last : first)
            frame()
        }
    }

    /// Frames of an indeterminate bar's band sweeping (each one two simulation steps of it):
    /// the start screen's first progress bar, indeterminate for the while, or one added for
    /// the bench across the lower part of the screen (an upload's bar) and taken away after.
    private func measureProgress(in scene: Scene, frame: () -> Void) -> Double? {
        let screen = scene.currentScreen
        let existing = screen.controls.compactMap { $0 as? ProgressBar }.first
        let size = scene.designSize
        let bar = existing ?? ProgressBar(id: "bench-progress", frame: Rect(size.width * 0.05, size.height * 0.8,
                                                                             size.width * 0.9, max(8, size.height / 40)),
                                          theme: screen.controls.first?.theme ?? .standard)
        let wasIndeterminate = bar.isIndeterminate
        if existing == nil { screen.add(bar) }
        bar.isIndeterminate = true
        frame()   // drawn: the band moves from the next step on
        defer {
            if existing == nil { _ = screen.remove(bar.id) } else { bar.isIndeterminate = wasIndeterminate }
            frame()
        }
        return median(.progress) { frame() }
    }

    /// Frames of a list gliding (each two simulation steps of it): 200 rows of a name and an
    /// Open button over the left half of the start screen, flung again whenever it slows below
    /// 1500 px/s, towards the far end, so that every frame measured is mid-fling. Added for
    /// the bench and taken away after.
    private func measureListFling(in scene: Scene, frame: () -> Void) -> Double? {
        let screen = scene.currentScreen
        let size = scene.designSize
        let width = (size.width / 2).rounded(), rowHeight = max(32, (size.height / 8).rounded())
        let theme = screen.controls.first?.theme ?? .standard
        let rows = (0..<200).map { i in
            ListRow(index: i, controls: [
                Label(id: "bench-name\(i)", frame: Rect(16, 0, width - 140, rowHeight), theme: theme, text: "Exhibit \(i)"),
                Button(id: "bench-open\(i)", frame: Rect(width - 112, rowHeight * 0.2, 96, rowHeight * 0.6), theme: theme,
                       title: "Open"),
            ])
        }
        let list = List(id: "bench-list", frame: Rect(0, 0, width, size.height), theme: theme, rowHeight: rowHeight,
                        rows: rows)
        screen.add(list)
        frame()
        defer {
            _ = screen.remove(list.id)
            frame()
        }
        var downwards = true
        return median(.list) {
            if abs(list.scroll.velocity) < 1500 {
                if list.offset > list.scroll.maximumOffset - 3000 { downwards = false }
                if list.offset < 3000 { downwards = true }
                list.fling(fingerVelocity: downwards ? -3000 : 3000)
            }
            frame()
        }
    }

    /// Frames of pages following a finger mid-swipe, the finger moving 1/40 of the width a
    /// frame between a third and two thirds of the way to the next page (so two pages are
    /// always in view): the start screen's group, or the start screen and a page added
    /// beside it (the scene is the bench's own: the group stays).
    private func measurePages(in scene: Scene, frame: () -> Void, now: () -> Instant) -> Double? {
        let screen = scene.currentScreen
        let hasNextPage = screen.pages.flatMap { group in group.index(of: screen).map { $0 + 1 < group.screens.count } } ?? false
        if !hasNextPage {
            let next = Screen(id: "bench-next-page", background: Color(hex: "#28324A"))
            scene.add(screen: next)
            guard scene.addPageGroup([screen.id, next.id]) != nil else { return nil }
        }
        // The finger lands where no control keeps a sideways drag (a slider would take it).
        let width = scene.designSize.width
        let heights = (1...9).map { scene.designSize.height * Double($0) / 10 }
        let y = heights.first { y in
            scene.currentScreen.control(at: Point(width * 0.9, y)).map { !$0.keepsDrag(along: .horizontal) } ?? true
        } ?? scene.designSize.height / 2
        let start = Point(width * 0.9, y)
        var x = start.x, dx = -width / 40
        scene.handle(.pressed(slot: 9, location: start, time: now()))
        scene.handle(.panBegan(slot: 9, start: start, location: Point(width * 0.6, y), time: now()))
        frame()
        // A control there that keeps sideways drags (a slider) has the finger: no swipe to measure.
        guard scene.pageSwipePosition != nil else {
            scene.handle(.cancelled(slot: 9, time: now()))
            return nil
        }
        defer {
            scene.handle(.cancelled(slot: 9, time: now()))
            var n = 0
            while scene.isAnimating && n < 10_000 { frame(); n += 1 }
        }
        return median(.pages) {
            x += dx
            if x < width * 0.25 || x > width * 0.6 { dx = -dx }
            scene.handle(.panChanged(slot: 9, location: Point(x, y), translation: Point(x - start.x, 0),
                                     velocity: Point(dx * 60, 0), time: now()))
            frame()
        }
    }

    /// Frames of a toggle's thumb on its spring (each one two simulation steps of it): the
    /// start screen's first toggle, or one added for the bench at the screen's lower right and
    /// taken away after, flipped every 12 frames (0.2 s), so that every frame measured is one
    /// of a moving thumb (turned round mid-flight, as a quick second tap does).
    private func measureToggle(in scene: Scene, frame: () -> Void, settle: () -> Void) -> Double? {
        let screen = scene.currentScreen
        let existing = screen.controls.compactMap { $0 as? Toggle }.first
        let size = scene.designSize
        let toggle = existing ?? Toggle(id: "bench-toggle", frame: Rect(size.width * 0.85, size.height * 0.85,
                                                                        size.width * 0.08, size.height * 0.075),
                                        theme: screen.controls.first?.theme ?? .standard)
        let wasOn = toggle.isOn
        if existing == nil { screen.add(toggle) }
        frame()
        defer {
            if existing == nil { _ = screen.remove(toggle.id) } else { toggle.setOn(wasOn, animated: false) }
            settle()
            frame()
        }
        var count = 0
        return median(.toggle) {
            if count % 12 == 0 { toggle.isOn.toggle() }
            count += 1
            frame()
        }
    }

    /// The image cases: a JPEG photo's decoding, and whole frames with it as the start
    /// screen's background (after the first frame, which decodes and scales it once).
    private func measurePhoto(scene: Scene, frame: () -> Void, fullFrame: () -> Void,
                              into ms: inout [Case: Double]) throws {
        guard wanted(.photo) || wanted(.decode) else { return }
        let photo = try BenchPhoto()
        defer { photo.remove() }
        ms[.decode] = median(.decode) { _ = try? ImageDecoder.decode(photo.jpeg) }
        guard wanted(.photo) else { return }
        let screen = scene.currentScreen
        let before = screen.backgroundImage
        screen.backgroundImage = try ImageLibrary(folder: photo.folder).resolve("photo.jpg")
        frame()
        ms[.photo] = median(.photo) { fullFrame() }
        screen.backgroundImage = before
        frame()
    }

    /// The overlay of `--overlay`, else the config's first popup, else its first panel; an
    /// unknown id is an error naming the ones there are.
    private func overlay(in scene: Scene) throws(UsageError) -> Overlay? {
        let all = scene.registeredOverlays
        if let overlayID {
            guard let o = scene.registeredOverlay(withID: overlayID) else {
                let known = all.map(\.id).joined(separator: ", ")
                throw UsageError(command: "kiosk bench",
                                 message: "--overlay \(overlayID): no popup or panel of that id (there are: \(known.isEmpty ? "none" : known))")
            }
            return o
        }
        return all.first { $0 is PopupDialog } ?? all.first { $0 is Panel }
    }

    static func firstPanel(in scene: Scene) -> Panel {
        if let p = scene.registeredOverlays.compactMap({ $0 as? Panel }).first { return p }
        let p = Panel(id: "bench-panel", style: PanelStyle())
        scene.register(p)
        return p
    }

    /// A full-frame memcpy between buffers that together exceed any CPU cache (8 pairs of
    /// frames, 66 MB at 1080p), so it measures memory bandwidth, not cache bandwidth.
    private func memcpyFloor(width: Int, height: Int) throws -> Double? {
        let bytes = width * height * 4
        guard wanted(.memcpy) else { return nil }
        let count = max(8, (96 << 20) / max(1, 2 * bytes))
        let sources = try (0..<count).map { _ in try PixelBuffer(width: width, height: height) }
        let targets = try (0..<count).map { _ in try PixelBuffer(width: width, height: height) }
        for b in sources + targets { memset(b.bytes, 0x5A, b.byteCount) }   // fault the pages in
        var i = 0
        return median(.memcpy) {
            memcpy(targets[i].bytes, sources[i].bytes, bytes)
            i = (i + 1) % count
        }
    }
}
