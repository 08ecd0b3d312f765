import KioskControls
import KioskCore
import KioskUI

/// A list at (0, 40), 400x300, of 30 rows 60 tall: row i shows "Exhibit i" (label `name<i>`) and
/// a button `open<i>` at (300, 10, 80, 40) of its row. At offset 0 row 3 lies at y 220…280 and
/// its button at (300, 230)–(380, 270).
package func exhibitList(rows count: Int = 30, slider: Bool = false) -> List {
    let rows = (0..<count).map { i in
        var controls: [Control] = [Label(id: "name\(i)", frame: Rect(16, 0, 200, 60), text: "Exhibit \(i)")]
        if slider {
            controls = [RangeSlider(id: "price\(i)", frame: Rect(20, 10, 360, 40), minimum: 0, maximum: 100, lower: 20, upper: 80)]
        } else {
            controls.append(Button(id: "open\(i)", frame: Rect(300, 10, 80, 40), title: "Open"))
        }
        return ListRow(index: i, controls: controls)
    }
    return List(id: "exhibits", frame: Rect(0, 40, 400, 300), rowHeight: 60, rows: rows)
}
