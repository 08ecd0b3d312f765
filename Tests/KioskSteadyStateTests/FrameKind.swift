import KioskControls
import Testing
import KioskCore
import KioskUI

/// The frames a kiosk shows over and over, as `kiosk bench` measures them plus the ones a
/// finger makes; each sets itself up on a fresh kiosk and returns what one frame does.
enum FrameKind: String, CaseIterable, CustomTestStringConvertible {
    case idle = "an idle pass, nothing damaged"
    case fullRepaint = "a full repaint of an unchanged scene"
    case knobStep = "a range-slider knob step"
    case arcStep = "an arc step of 1° (the value text changes)"
    case popup = "a full repaint under a fully shown popup"
    case panel = "a panel sliding in and out, dim animating"
    case drag = "a finger dragging a slider knob"
    case button = "a button pressed and released"
    case textChange = "a label's text changing (a total ticking up and back)"
    case boundText = "a finger's drag that a label bound to the slider's values follows"
    case progressBand = "an indeterminate progress bar's band sweeping"
    case listFling = "a list of 200 rows gliding after a fling"
    case pageSwipe = "swipeable pages following a finger to and fro mid-swipe"
    case toggleThumb = "a toggle's thumb on its spring, turned round every 24 frames"
    // issue 21, slider
    case sliderDrag = "a finger dragging a one-value slider with a value label"
    // issue 22, icons
    case iconButton = "a button with an icon by name and an emoji in its title pressed and released"

    var testDescription: String { rawValue }

    /// The anchor scene's "Price range" label shows the slider's values instead
    /// (`SteadyStateKiosk.boundLabelText`) for this kind alone, so that the others measure
    /// the scene `kiosk bench` draws.
    var bindsPriceLabel: Bool { self == .boundText }

    /// Prepares `kiosk` and returns one frame of this kind (given the frame's number).
    func start(on kiosk: SteadyStateKiosk) -> (Int) -> Void {
        switch self {
        case .idle:
            return { _ in kiosk.frame() }
        case .fullRepaint:
            return { _ in
                kiosk.scene.invalidateAll()
                kiosk.frame()
            }
        case .knobStep:
            // As the bench: one design pixel of knob travel, back and forth.
            let slider = kiosk.slider
            let step = (slider.maximumValue - slider.minimumValue) / max(1, slider.usableTrackLength)
            let base = slider.upperValue - step
            return { i in
                slider.setUpperValue(i % 2 == 0 ? base + step : base)
                kiosk.frame()
            }
        case .arcStep:
            let dial = kiosk.dial
            let base = dial.angle
            return { i in
                dial.setAngle(i % 2 == 0 ? base + 1 : base)
                kiosk.frame()
            }
        case .popup:
            kiosk.scene.showOverlay("confirm")
            kiosk.settle()
            return { _ in
                kiosk.scene.invalidateAll()
                kiosk.frame()
            }
        case .panel:
            let panel = kiosk.scene.registeredOverlay(withID: "filters") as! Panel
            return { _ in
                if panel.presentation >= 1 {
                    panel.dismiss()
                } else if !kiosk.scene.isAnimating {
                    kiosk.scene.showOverlay(panel.id)
                }
                kiosk.frame()
            }
        case .drag:
            return Self.dragLowerKnob(on: kiosk, toAndFroBy: 2)
        case .textChange:
            // Two texts of one shape, as an owner's `set` or the Swift API changes them; both
            // made once, before the frames, as a program that keeps its words would.
            let label = kiosk.footer
            let texts = ["Total: 9.60 €", "Total: 12 345.70 € incl. 7 % VAT"]
            return { i in
                label.text = texts[i % 2]
                kiosk.frame()
            }
        case .boundText:
            // Each frame's valueChanged makes the label's template write a new text, drawn in
            // the frame after.
            return Self.dragLowerKnob(on: kiosk, toAndFroBy: 20)
        case .progressBand:
            // A busy bar added under the slider, as the bench adds one: drawn once, its band
            // then moves on every step and each frame repaints the band's old and new places.
            let bar = ProgressBar(id: "busy", frame: Rect(40, 300, 420, 12), indeterminate: true)
            kiosk.scene.currentScreen.add(bar)
            kiosk.frame()
            return { _ in kiosk.frame() }
        case .listFling:
            // As the bench: 200 rows over the left half, flung again whenever they slow down,
            // to and fro between rows 20 and 40, which the warm-up has laid out (the first
            // fling over a row lays its texts out and keeps them: the cache filling).
            let size = kiosk.scene.designSize
            let rows = (0..<200).map { i in
                ListRow(index: i, controls: [
                    Label(id: "row\(i)", frame: Rect(16, 0, size.width / 2 - 140, 60), text: "Exhibit \(i)"),
                    Button(id: "open\(i)", frame: Rect(size.width / 2 - 112, 12, 96, 36), title: "Open"),
                ])
            }
            let list = List(id: "exhibits", frame: Rect(0, 0, size.width / 2, size.height), rowHeight: 60, rows: rows)
            list.scroll(to: 1200)
            kiosk.scene.currentScreen.add(list)
            kiosk.frame()
            var downwards = true
            return { _ in
                if abs(list.scroll.velocity) < 500 {
                    if list.offset > 1800 { downwards = false }
                    if list.offset < 1400 { downwards = true }
                    list.fling(fingerVelocity: downwards ? -1200 : 1200)
                }
                kiosk.frame()
            }
        case .pageSwipe:
            // The start screen and a second page side by side: a finger lands where no
            // control takes it, drags a third of the way to the next page, then to and fro.
            let next = Screen(id: "next-page", background: Color(hex: "#28324A"))
            kiosk.scene.add(screen: next)
            kiosk.scene.addPageGroup([kiosk.scene.currentScreen.id, next.id])
            let size = kiosk.scene.designSize
            let start = Point(size.width * 0.9, size.height * 0.9)
            kiosk.frame(touch: kiosk.touch(.down, at: start))
            kiosk.frame(touch: kiosk.touch(.move, at: Point(start.x - size.width / 3, start.y)))
            return { i in
                let x = start.x - size.width / 3 - (i % 2 == 0 ? 40 : 0)
                kiosk.frame(touch: kiosk.touch(.move, at: Point(x, start.y)))
            }
        case .toggleThumb:
            // A toggle added under the slider, as the bench adds one, flipped (in Swift, no
            // events) every 24 frames: its spring takes longer, so every frame moves the thumb.
            let toggle = Toggle(id: "light", frame: Rect(40, 260, 64, 36))
            kiosk.scene.currentScreen.add(toggle)
            kiosk.frame()
            return { i in
                if i % 24 == 0 { toggle.isOn.toggle() }
                kiosk.frame()
            }
        case .sliderDrag:
            // A dimmer added under the range slider, its value written beside it: each frame's
            // move changes the value, so the knob's travel and the label are repainted.
            let dimmer = Slider(id: "dimmer", frame: Rect(40, 300, 420, 30), value: 40)
            dimmer.valueFormat = NumberStyle(decimals: 0, unit: " %")
            kiosk.scene.currentScreen.add(dimmer)
            kiosk.frame()
            let knob = dimmer.knobRect.center
            kiosk.frame(touch: kiosk.touch(.down, at: knob))
            kiosk.frame(touch: kiosk.touch(.move, at: Point(knob.x + 30, knob.y)))
            return { i in
                let x = knob.x + (i % 2 == 0 ? 34 : 30)
                kiosk.frame(touch: kiosk.touch(.move, at: Point(x, knob.y)))
            }
        case .iconButton:
            // issue 22, icons: as `.button`, on a button added beside it whose title is an
            // icon (one run of text with the words) and an emoji from the colour font.
            let lamp = Button(id: "lamp", frame: Rect(40, 260, 200, 52), title: "Light 💡")
            lamp.iconGlyph = IconGlyph(name: "lightbulb", scalar: "\u{E0F0}")
            kiosk.scene.currentScreen.add(lamp)
            kiosk.frame()
            return Self.tapEvery16Frames(on: kiosk, at: lamp.frame.center)
        case .button:
            return Self.tapEvery16Frames(on: kiosk, at: kiosk.button.frame.center)
        }
    }

    /// Down, up (a tap), then the highlight's fade, every 16 frames, at `centre`.
    private static func tapEvery16Frames(on kiosk: SteadyStateKiosk, at centre: Point) -> (Int) -> Void {
        return { i in
            switch i % 16 {
            case 0: kiosk.frame(touch: kiosk.touch(.down, at: centre))
            case 1: kiosk.frame(touch: kiosk.touch(.up, at: centre))
            default: kiosk.frame()
            }
        }
    }

    /// Down on the lower knob, past the touch slop, then frames moving it to and fro by
    /// `distance` design pixels.
    private static func dragLowerKnob(on kiosk: SteadyStateKiosk, toAndFroBy distance: Double) -> (Int) -> Void {
        let knob = kiosk.slider.knobRect(.lower).center
        kiosk.frame(touch: kiosk.touch(.down, at: knob))
        kiosk.frame(touch: kiosk.touch(.move, at: Point(knob.x + 30, knob.y)))
        return { i in
            let x = knob.x + (i % 2 == 0 ? 30 + distance : 30)
            kiosk.frame(touch: kiosk.touch(.move, at: Point(x, knob.y)))
        }
    }
}
