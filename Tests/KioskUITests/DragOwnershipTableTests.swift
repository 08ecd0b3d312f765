import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// Who gets a finger, as a table (Documentation/Contracts.md, "Who gets a finger"), the way
/// libinput documents its gesture state machine: for a scroll container's axis, the control
/// the finger landed on and the direction the drag first left the touch slop in, who owns the
/// drag from then on. Each row is checked against the one rule (`DragOwnership`) with a real
/// control, and the vertical container's rows again through a real list with touches.
@Suite("Drag ownership table")
struct DragOwnershipTableTests {
    enum Inner: String, CaseIterable, CustomStringConvertible {
        case none, button, rangeSlider, circularSlider, list
        /// A one-value slider along x, one along y, a toggle, a keypad's key, a text field.
        case slider, verticalSlider, toggle, keypad, textField
        /// A list whose finger landed on a range slider in one of its rows.
        case listHoldingRangeSlider
        var description: String { rawValue }
    }

    enum Owner: String, CustomStringConvertible {
        /// The container scrolls; the control (if any) is cancelled.
        case container
        /// The control keeps the finger and gets the drag.
        case control
        /// Neither: a drag across the container's axis that landed on nothing.
        case nobody
        var description: String { rawValue }
    }

    struct Row: CustomStringConvertible, Sendable {
        var container: DragAxis
        var inner: Inner
        var drag: DragAxis
        var owner: Owner
        var description: String { "\(container) container, \(inner), \(drag) drag → \(owner)" }
    }

    /// The table. Keep Contracts.md's copy the same.
    static let table: [Row] = [
        Row(container: .vertical, inner: .none, drag: .vertical, owner: .container),
        Row(container: .vertical, inner: .none, drag: .horizontal, owner: .nobody),
        Row(container: .vertical, inner: .button, drag: .vertical, owner: .container),
        Row(container: .vertical, inner: .button, drag: .horizontal, owner: .control),
        Row(container: .vertical, inner: .rangeSlider, drag: .vertical, owner: .container),
        Row(container: .vertical, inner: .rangeSlider, drag: .horizontal, owner: .control),
        Row(container: .vertical, inner: .circularSlider, drag: .vertical, owner: .control),
        Row(container: .vertical, inner: .circularSlider, drag: .horizontal, owner: .control),
        Row(container: .vertical, inner: .slider, drag: .vertical, owner: .container),
        Row(container: .vertical, inner: .slider, drag: .horizontal, owner: .control),
        Row(container: .vertical, inner: .verticalSlider, drag: .vertical, owner: .control),
        Row(container: .vertical, inner: .verticalSlider, drag: .horizontal, owner: .control),
        Row(container: .vertical, inner: .toggle, drag: .vertical, owner: .container),
        Row(container: .vertical, inner: .toggle, drag: .horizontal, owner: .control),
        Row(container: .vertical, inner: .keypad, drag: .vertical, owner: .container),
        Row(container: .vertical, inner: .keypad, drag: .horizontal, owner: .control),
        Row(container: .vertical, inner: .textField, drag: .vertical, owner: .container),
        Row(container: .vertical, inner: .textField, drag: .horizontal, owner: .control),
        Row(container: .vertical, inner: .list, drag: .vertical, owner: .control),
        Row(container: .vertical, inner: .list, drag: .horizontal, owner: .control),
        Row(container: .horizontal, inner: .none, drag: .horizontal, owner: .container),
        Row(container: .horizontal, inner: .none, drag: .vertical, owner: .nobody),
        Row(container: .horizontal, inner: .button, drag: .horizontal, owner: .container),
        Row(container: .horizontal, inner: .button, drag: .vertical, owner: .control),
        Row(container: .horizontal, inner: .rangeSlider, drag: .horizontal, owner: .control),
        Row(container: .horizontal, inner: .rangeSlider, drag: .vertical, owner: .control),
        Row(container: .horizontal, inner: .circularSlider, drag: .horizontal, owner: .control),
        Row(container: .horizontal, inner: .circularSlider, drag: .vertical, owner: .control),
        Row(container: .horizontal, inner: .slider, drag: .horizontal, owner: .control),
        Row(container: .horizontal, inner: .slider, drag: .vertical, owner: .control),
        Row(container: .horizontal, inner: .verticalSlider, drag: .horizontal, owner: .container),
        Row(container: .horizontal, inner: .verticalSlider, drag: .vertical, owner: .control),
        Row(container: .horizontal, inner: .toggle, drag: .horizontal, owner: .control),
        Row(container: .horizontal, inner: .toggle, drag: .vertical, owner: .control),
        Row(container: .horizontal, inner: .keypad, drag: .horizontal, owner: .container),
        Row(container: .horizontal, inner: .keypad, drag: .vertical, owner: .control),
        Row(container: .horizontal, inner: .textField, drag: .horizontal, owner: .container),
        Row(container: .horizontal, inner: .textField, drag: .vertical, owner: .control),
        Row(container: .horizontal, inner: .list, drag: .horizontal, owner: .container),
        Row(container: .horizontal, inner: .list, drag: .vertical, owner: .control),
        Row(container: .horizontal, inner: .listHoldingRangeSlider, drag: .horizontal, owner: .control),
        Row(container: .horizontal, inner: .listHoldingRangeSlider, drag: .vertical, owner: .control),
    ]

    /// A real control of each kind at (0, 0, 400, 300), with a finger on it where it matters.
    static func control(_ inner: Inner) -> Control? {
        let frame = Rect(0, 0, 400, 300)
        switch inner {
        case .none: return nil
        case .button: return Button(id: "b", frame: frame, title: "Go")
        case .rangeSlider: return RangeSlider(id: "r", frame: frame, minimum: 0, maximum: 10, lower: 2, upper: 8)
        case .circularSlider: return CircularSlider(id: "c", frame: frame, angle: 90)
        case .slider: return Slider(id: "s", frame: frame, value: 50, axis: .horizontal)
        case .verticalSlider: return Slider(id: "v", frame: frame, value: 50, axis: .vertical)
        case .toggle: return Toggle(id: "t", frame: frame)
        case .keypad: return Keypad(id: "k", frame: frame, fieldID: "pin")
        case .textField: return TextField(id: "f", frame: frame)
        case .list: return exhibitList()
        case .listHoldingRangeSlider:
            let list = exhibitList(slider: true)
            // The lower knob of row 0's slider: (104, 70) in the scene, the list at (0, 40).
            #expect(list.touchBegan(at: Point(104, 70), time: .zero))
            #expect(list.heldControl is RangeSlider)
            return list
        }
    }

    static func translation(_ drag: DragAxis) -> Point { drag == .vertical ? Point(3, -40) : Point(-40, 3) }

    @Test("every row of the table follows the one rule", arguments: table)
    func rule(_ row: Row) {
        let control = Self.control(row.inner)
        let takes = DragOwnership.containerTakesOver(row.container, translation: Self.translation(row.drag), from: control)
        let owner: Owner = takes ? .container : (control == nil ? .nobody : .control)
        #expect(owner == row.owner, "\(row)")
    }

    @Test("a perfect diagonal counts as vertical: a diagonal flick scrolls a list rather than grabs a slider")
    func diagonal() {
        #expect(DragAxis(of: Point(30, 30)) == .vertical)
        #expect(DragAxis(of: Point(-31, 30)) == .horizontal)
    }

    /// The vertical rows through a real list holding the control in its first row: who moved.
    /// The vertical rows a list can hold the control of (3x4 keys do not fit its 60 px row).
    /// A named list, not a closure in `@Test`'s arguments: Swift 6.0 crashes type-checking that.
    static let listRows = table.filter {
        $0.container == .vertical && $0.inner != .listHoldingRangeSlider && $0.inner != .keypad
    }

    @Test("a list decides as the table says", arguments: listRows)
    func throughAList(_ row: Row) {
        let inner: Control
        switch row.inner {
        case .none: inner = Label(id: "words", frame: Rect(0, 0, 400, 60), text: "Words take no touch")
        case .button: inner = Button(id: "b", frame: Rect(0, 0, 400, 60), title: "Go")
        case .rangeSlider: inner = RangeSlider(id: "r", frame: Rect(0, 0, 400, 60), minimum: 0, maximum: 100, lower: 0, upper: 100)
        case .circularSlider: inner = CircularSlider(id: "c", frame: Rect(0, 0, 400, 60), angle: 0)
        case .slider: inner = Slider(id: "s", frame: Rect(0, 0, 400, 60), value: 50)
        case .verticalSlider: inner = Slider(id: "v", frame: Rect(180, 0, 40, 60), value: 50)
        case .toggle: inner = Toggle(id: "t", frame: Rect(0, 0, 400, 60))
        case .textField: inner = TextField(id: "f", frame: Rect(0, 0, 400, 60))
        case .keypad: return   // not in `listRows`: the rule's test covers it
        case .list, .listHoldingRangeSlider:
            inner = List(id: "inner", frame: Rect(0, 0, 400, 60), rowHeight: 20, rows: (0..<10).map {
                ListRow(index: $0, controls: [Label(id: "in\($0)", frame: Rect(0, 0, 400, 20), text: "\($0)")])
            })
        }
        let rows = [ListRow(index: 0, controls: [inner])] + (1..<20).map { ListRow(index: $0, controls: []) }
        let outer = List(id: "outer", frame: Rect(0, 0, 400, 300), rowHeight: 60, rows: rows)
        let ui = SceneHarness([outer])
        let before = inner.currentValue.map { "\($0)" }
        // Touch the right end of a range slider's track: the upper knob is there.
        let start = Point(row.inner == .rangeSlider ? 380 : 200, 30)
        let d = Self.translation(row.drag)
        ui.down(start.x, start.y)
        ui.move(start.x + d.x / 2, start.y + d.y / 2)
        ui.move(start.x + d.x, start.y + d.y)
        let scrolled = outer.offset != 0
        let held = outer.heldControl === inner
        let owner: Owner = scrolled ? .container : (held ? .control : .nobody)
        #expect(owner == row.owner, "\(row): offset \(outer.offset), held \(held)")
        ui.up(after: 200)
        if row.owner == .container, row.inner == .rangeSlider {
            #expect(inner.currentValue.map { "\($0)" } == before, "a slider taken over has not moved")
        }
    }

    /// The sideways rows with a list through real swipeable pages: a list on the first of two
    /// pages, its rows holding range sliders (`exhibitList(slider: true)`, the list at (0, 40)).
    @Test("a list on swipeable pages: sideways on a row's background swipes the pages, up scrolls the list, sideways on a row's slider moves the slider")
    func listOnPages() {
        func pages() -> (SceneHarness, List) {
            let list = exhibitList(slider: true)
            let ui = SceneHarness([list])
            ui.scene.add(screen: Screen(id: "second"))
            #expect(ui.scene.addPageGroup(["main", "second"]) != nil)
            return (ui, list)
        }
        // Sideways from a row's right end (x 390: past the slider's frame, 20…380): the pages'.
        var (ui, list) = pages()
        ui.drag(from: Point(390, 130), to: Point(90, 135), at: 0, steps: 4, every: 16)
        #expect(ui.scene.currentScreen.id == "second")
        #expect(list.offset == 0)
        // Up on the same spot: the list's; the pages stay.
        (ui, list) = pages()
        ui.touch(.down, 390, 200, at: 0)
        ui.touch(.move, 391, 170, at: 16)
        ui.touch(.move, 392, 140, at: 32)
        #expect(list.offset == 60)
        #expect(ui.scene.pageSwipePosition == nil)
        ui.touch(.up, at: 300)
        // Sideways on row 0's lower knob (centre x 104): the slider's, the pages stay.
        (ui, list) = pages()
        let slider = list.rows[0].controls[0] as! RangeSlider
        ui.touch(.down, 104, 70, at: 0)
        ui.touch(.move, 144, 72, at: 16)
        ui.touch(.move, 184, 75, at: 32)
        ui.touch(.up, at: 48)
        #expect(slider.lowerValue == 45)
        #expect(ui.scene.currentScreen.id == "main" && ui.scene.pageSwipePosition == nil)
    }
}
