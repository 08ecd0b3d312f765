import Foundation
import KioskCore
import KioskRender
import Testing

/// The example kiosks of `config/examples` (Documentation/Examples.md): each config passes
/// `kiosk check`, and each runs headless on the real clock and is driven the way its `owner.sh`
/// drives it, through `kiosk ctl`: what the owner sets is on screen at once, without a reload.
///
/// Layouts (design pixels, shown 1:1 at the design size): café 1024x600, the Cappuccino card's
/// + button at [372, 276, 52, 44], the total label at [824, 394, 160, 40], Pay at
/// [704, 492, 280, 64] on the white cart column; wall panel 800x480, the Kitchen light at
/// [604, 120, 172, 80], the temperature at [24, 114, 352, 64], the thermostat's template label
/// at [24, 244, 352, 28], the heating valve's bar at [24, 362, 352, 8], the alarm banner at [16, 396, 768, 56],
/// the night light's toggle at [728, 87, 48, 28] (its thumb 23 px, travelling 20);
/// machine HMI 800x480, the PIN field at [40, 160, 360, 72], the keypad at [440, 40, 320, 400]
/// (keys 106.7x100: 1 at (493, 90), 2 at (600, 90), 3 at (707, 90), 4 at (493, 190), ✓ at
/// (707, 390)), the job's bar at [24, 114, 400, 16] and its percent label at [436, 104, 80, 36],
/// the coolant's toggle at [716, 110, 60, 32], the feed override's slider at [548, 188, 228, 32]
/// (its value label the right 96 px) and the spindle's dial at [640, 228, 136, 136];
/// museum 800x480, the collection panel (90 %, from y 48) with its list of exhibits at
/// [16, 68, 768, 352] of the panel (rows 96 tall, each row's Details button at [624, 22, 128, 52]
/// of its row).
@Suite("Example configs", .serialized)
struct ExampleConfigTests {
    /// Every `config/examples/*/*.json` that is a kiosk config (it has `screens`; popup
    /// templates live in subfolders and have none).
    static func exampleConfigs() throws -> [String] {
        let fm = FileManager.default
        let root = KioskProcess.path("config/examples")
        var configs: [String] = []
        for example in try fm.contentsOfDirectory(atPath: root).sorted() {
            let folder = root + "/" + example
            guard let files = try? fm.contentsOfDirectory(atPath: folder) else { continue }
            for file in files.sorted() where file.hasSuffix(".json") {
                let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))
                if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["screens"] != nil {
                    configs.append("config/examples/\(example)/\(file)")
                }
            }
        }
        return configs
    }

    /// A headless kiosk on the real clock running `config/examples/EXAMPLE/CONFIG` with its
    /// images and popup templates beside it, without its MQTT bridge (a developer's broker must
    /// not get the test's retained state).
    func exampleKiosk(_ example: String, _ config: String, extra: [String] = []) throws -> ControlledKiosk {
        let kiosk = try ControlledKiosk(extraArguments: extra)
        let fm = FileManager.default
        let source = KioskProcess.path("config/examples/\(example)")
        for item in try fm.contentsOfDirectory(atPath: source) where !item.hasSuffix(".json") && !item.hasSuffix(".sh") {
            let target = kiosk.directory.appendingPathComponent(item).path
            if fm.fileExists(atPath: target) { try fm.removeItem(atPath: target) }   // the demo's popups
            try fm.copyItem(atPath: source + "/" + item, toPath: target)
        }
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: source + "/" + config))) as? [String: Any])
        object["mqtt"] = nil
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: kiosk.configPath))
        return kiosk
    }

    /// The kiosk's current frame, through `kiosk ctl screenshot`.
    func screenshot(_ kiosk: ControlledKiosk) throws -> PixelBuffer {
        let path = kiosk.directory.appendingPathComponent("shot.png").path
        let shot = try kiosk.ctl("screenshot", path)
        #expect(shot.status == 0, "\(shot.stderr)")
        return try PNGImage.read(path)
    }

    /// The colour at (`x`, `y`) as `0xRRGGBB`.
    func rgb(_ image: PixelBuffer, _ x: Int, _ y: Int) -> UInt32 { image.pixel(x: x, y: y) & 0xFF_FFFF }

    /// The pixels of a design-pixel rectangle, row by row.
    func pixels(_ image: PixelBuffer, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> [UInt32] {
        (y..<y + height).flatMap { row in (x..<x + width).map { image.pixel(x: $0, y: row) } }
    }

    /// Takes screenshots until `condition` holds on one (a request shows in the next frame),
    /// and returns it; throws after the kiosk's patience.
    func waitForFrame(_ kiosk: ControlledKiosk, _ what: String, _ condition: (PixelBuffer) -> Bool) throws -> PixelBuffer {
        var frame = try screenshot(kiosk)
        try kiosk.waitUntil(what) {
            if condition(frame) { return true }
            frame = try screenshot(kiosk)
            return false
        }
        return frame
    }

    func set(_ kiosk: ControlledKiosk, _ arguments: String...) throws -> KioskProcess.Output {
        let output = try KioskProcess.run(["ctl", "--socket", kiosk.socketPath, "set"] + arguments)
        #expect(output.status == 0, "set \(arguments): \(output.stderr)")
        return output
    }

    /// A person's taps as a touch script: down, and up 60 ms later, at each (time, x, y).
    func taps(_ taps: [(Int, Int, Int)], in kiosk: ControlledKiosk) throws -> String {
        let path = kiosk.directory.appendingPathComponent("touches.jsonl").path
        try taps.map { t, x, y in
            "{\"t\": \(t), \"type\": \"down\", \"id\": 0, \"x\": \(x), \"y\": \(y)}\n{\"t\": \(t + 60), \"type\": \"up\", \"id\": 0}\n"
        }.joined().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func noReload(_ kiosk: ControlledKiosk) throws {
        let events = try String(contentsOfFile: kiosk.stdoutPath, encoding: .utf8)
        #expect(!events.contains("\"reloaded\"") && !kiosk.stderr.contains("reloaded"))
    }

    @Test("every example config passes kiosk check, and each example has an owner.sh that bash reads")
    func everyExampleChecks() throws {
        let configs = try Self.exampleConfigs()
        #expect(configs.contains("config/examples/cafe/cafe.json"))
        #expect(configs.contains("config/examples/wall-panel/wall-panel.json"))
        #expect(configs.contains("config/examples/hmi/hmi.json"))
        #expect(configs.contains("config/examples/museum/museum.json"))
        for config in configs {
            let check = try KioskProcess.run(["check", config])
            #expect(check.status == 0, "\(config): \(check.stderr)")
            #expect(check.lines.first?.hasPrefix("\(config): OK (") == true)
            let owner = URL(fileURLWithPath: KioskProcess.path(config)).deletingLastPathComponent().appendingPathComponent("owner.sh").path
            #expect(FileManager.default.isExecutableFile(atPath: owner), "\(owner)")
            let parsed = try KioskProcess.shell("bash -n '\(owner)'", in: KioskProcess.packageRoot)
            #expect(parsed.status == 0, "\(owner): \(parsed.stderr)")
        }
    }

    @Test("café: after a tap on +, the owner's count, cart, total and enabled Pay button are on screen without a reload, and Pay's title follows the total")
    func cafeFollowsTheCart() throws {
        let kiosk = try exampleKiosk("cafe", "cafe.json")
        // A person taps the Cappuccino card's + half a second in.
        kiosk.process.arguments! += ["--input", try taps([(500, 398, 298)], in: kiosk)]
        try kiosk.start()
        try kiosk.waitUntil("the tap on the Cappuccino's + is reported") {
            let events = (try? String(contentsOfFile: kiosk.stdoutPath, encoding: .utf8)) ?? ""
            return events.contains(#""source": "cappuccino", "event": "tapped"}"#)
        }
        #expect(try kiosk.ctl("get", "pay").stdout.contains(#""enabled": false"#))
        let empty = try screenshot(kiosk)
        let payGreen: UInt32 = 0x2E_7D32
        #expect(rgb(empty, 960, 550) != payGreen)   // drawn at 40 % over the white column

        // The owner's answer, as owner.sh's show_product and show_cart send it.
        _ = try set(kiosk, "cappuccinoCount", "text=1", "color=#2B2118")
        _ = try set(kiosk, "cappuccinoMinus", "enabled=true")
        _ = try set(kiosk, "cartItems", "text=1 × Cappuccino")
        _ = try set(kiosk, "cartPrices", "text=3.50 €")
        _ = try set(kiosk, "total", "text=3.50 €")
        _ = try set(kiosk, "pay", "enabled=true")
        _ = try set(kiosk, "clear", "enabled=true")

        let pay = try kiosk.ctl("get", "pay")
        #expect(pay.lines == [#"{"ok": true, "control": "pay", "properties": {"title": "@order.pay", "font": "sans-serif bold 18", "#
                              + ##""background": "#2E7D32", "color": "#FFFFFF", "icon": "images/card.png", "checkedBackground": null, "enabled": true, "visible": true}}"##])
        #expect(try kiosk.ctl("get", "total").stdout.contains(#""text": "3.50 €""#))
        let cart = try waitForFrame(kiosk, "Pay drawn enabled") { rgb($0, 960, 550) == payGreen }
        #expect(pixels(cart, 824, 394, 160, 40) != pixels(empty, 824, 394, 160, 40))   // the total
        #expect(pixels(cart, 704, 112, 196, 160) != pixels(empty, 704, 112, 196, 160))   // the cart's lines
        #expect(pixels(cart, 256, 276, 52, 44) != pixels(empty, 256, 276, 52, 44))     // − enabled

        // A second cappuccino: only the total's text changes, and Pay's title ("Pay {total.text}")
        // follows it by itself, its own properties untouched.
        _ = try set(kiosk, "total", "text=7.00 €")
        let payTitle = (776, 500, 200, 48)
        let twice = try waitForFrame(kiosk, "Pay's title follows the total") {
            pixels($0, payTitle.0, payTitle.1, payTitle.2, payTitle.3) != pixels(cart, payTitle.0, payTitle.1, payTitle.2, payTitle.3)
        }
        #expect(try kiosk.ctl("get", "pay").lines == pay.lines)
        #expect(rgb(twice, 960, 550) == payGreen)

        // "Take away" in the where group: one choice, as owner.sh reads it.
        #expect(try kiosk.ctl("get", "eatHere").stdout.contains(#""value": {"checked": true}"#))
        _ = try set(kiosk, "takeAway", "checked=true")
        #expect(try kiosk.ctl("get", "eatHere").stdout.contains(#""value": {"checked": false}"#))

        // Pay: the owner shows the payment popup (modal in the config) with the total.
        #expect(try kiosk.ctl("show-popup", "payment", "--title", "Pay 7.00 €").status == 0)
        #expect(try kiosk.ctl("get").stdout.contains(#""overlays": ["payment"]"#))
        try noReload(kiosk)
        #expect(kiosk.stop() == 0)
    }

    @Test("café: one set of screens in three languages; a tap on Deutsch shows every text in German and the chooser says so, the socket switches to Hindi")
    func cafeSpeaksThreeLanguages() throws {
        let kiosk = try exampleKiosk("cafe", "cafe.json")
        // A person taps "Deutsch" in the language chooser half a second in.
        kiosk.process.arguments! += ["--input", try taps([(500, 844, 30)], in: kiosk)]
        try kiosk.start()
        try kiosk.waitUntil("the language changes to German") {
            let events = (try? String(contentsOfFile: kiosk.stdoutPath, encoding: .utf8)) ?? ""
            return events.contains(#""event": "languageChanged", "value": {"language": "de"}"#)
        }
        #expect(try kiosk.ctl("get").stdout.contains(#""language": "de""#))
        #expect(try kiosk.ctl("get", "deutsch").stdout.contains(#""value": {"checked": true}"#))
        #expect(try kiosk.ctl("get", "english").stdout.contains(#""value": {"checked": false}"#))
        let german = try screenshot(kiosk)
        #expect(try kiosk.ctl("set-language", "hi").stdout.contains(#""language": "hi""#))
        let title = (704, 64, 190, 32)
        let hindi = try waitForFrame(kiosk, "the order's title in Hindi") {
            pixels($0, title.0, title.1, title.2, title.3) != pixels(german, title.0, title.1, title.2, title.3)
        }
        #expect(pixels(hindi, 90, 54, 560, 24) != pixels(german, 90, 54, 560, 24))   // the hint
        #expect(try kiosk.ctl("get", "hindi").stdout.contains(#""value": {"checked": true}"#))
        try noReload(kiosk)
        #expect(kiosk.stop() == 0)
    }

    @Test("wall panel: the owner's sets light the Kitchen button, put up the temperature and the alarm, the setpoints label follows the thermostat and the dimmer snaps, without a reload")
    func wallPanelFollowsTheHouse() throws {
        let kiosk = try exampleKiosk("wall-panel", "wall-panel.json")
        try kiosk.start()
        let before = try screenshot(kiosk)
        let amber: UInt32 = 0xF5_B82E, red: UInt32 = 0xC6_2828
        #expect(rgb(before, 740, 128) == 0x1E_2935)   // the Kitchen light off: the theme's buttonBackground
        #expect(rgb(before, 700, 400) != red)           // no alarm

        // What owner.sh publishes on home/wall-panel/set/ID, here through the socket.
        _ = try set(kiosk, "kitchenLight", "background=#F5B82E", "color=#1B1B1B")
        _ = try set(kiosk, "temperature", "text=21.5 °C")
        _ = try set(kiosk, "alarm", "visible=true", "title=Water leak under the kitchen sink — tap to silence")
        #expect(try kiosk.ctl("get", "kitchenLight").stdout.contains(##""background": "#F5B82E", "color": "#1B1B1B""##))
        let after = try waitForFrame(kiosk, "the Kitchen light drawn on and the alarm shown") {
            rgb($0, 740, 128) == amber && rgb($0, 700, 400) == red
        }
        #expect(pixels(after, 24, 114, 352, 64) != pixels(before, 24, 114, 352, 64))   // the temperature

        // The heating valve's bar fills to the owner's 60 %: orange at 50 %, the track at 80 %.
        let orange: UInt32 = 0xFF_8A3D
        #expect(rgb(before, 200, 366) != orange)
        #expect(try set(kiosk, "valve", "value=60").lines == [#"{"ok": true, "control": "valve", "value": {"value": 60}}"#])
        _ = try waitForFrame(kiosk, "the valve's bar filled to 60 %") { rgb($0, 200, 366) == orange && rgb($0, 310, 366) != orange }

        // The night light's toggle, switched on as the owner's good-night scene does: its track
        // turns amber where the thumb was, and the thumb springs to the right.
        #expect(rgb(before, 770, 101) == 0x2C_3947 && rgb(before, 734, 101) == 0xFF_FFFF)   // off: the theme's track, the thumb left
        #expect(try set(kiosk, "nightLight", "on=true").lines == [#"{"ok": true, "control": "nightLight", "value": {"on": true}}"#])
        _ = try waitForFrame(kiosk, "the night light's toggle drawn on") { rgb($0, 734, 101) == amber && rgb($0, 764, 101) == 0xFF_FFFF }

        // The label "Night {thermostat.lower:.1 °C} · Day {thermostat.upper:.1 °C}" follows the
        // slider: other pixels for 24 °C, the same as at first when it is back at 21.5 °C.
        let label = { (image: PixelBuffer) in self.pixels(image, 24, 244, 352, 28) }
        let moved = try set(kiosk, "thermostat", "upper=24")
        #expect(moved.lines == [#"{"ok": true, "control": "thermostat", "value": {"lower": 18, "upper": 24}}"#])
        _ = try waitForFrame(kiosk, "the setpoints label shows the new upper value") { label($0) != label(before) }
        _ = try set(kiosk, "thermostat", "upper=21.5")
        _ = try waitForFrame(kiosk, "the setpoints label is back to its first pixels") { label($0) == label(before) }
        #expect(try kiosk.ctl("get", "setpoints").stdout.contains(#""text": "Night {thermostat.lower:.1 °C} · Day {thermostat.upper:.1 °C}""#))

        // The dining light's dimmer: a one-value slider, its value snapped to steps of 5 and
        // written beside it; the owner's "Good night" sets it to 0.
        let dimmerLabel = { (image: PixelBuffer) in self.pixels(image, 692, 364, 84, 28) }
        #expect(try set(kiosk, "diningDimmer", "value=33").lines == [#"{"ok": true, "control": "diningDimmer", "value": {"value": 35}}"#])
        _ = try waitForFrame(kiosk, "the dimmer's label shows 35 %") { dimmerLabel($0) != dimmerLabel(before) }

        // Silenced: hidden again, and the status line under it shows.
        _ = try set(kiosk, "alarm", "visible=false")
        _ = try waitForFrame(kiosk, "the alarm hidden") { rgb($0, 700, 400) != red }
        try noReload(kiosk)
        #expect(kiosk.stop() == 0)
    }

    @Test("machine HMI: a PIN typed on the keypad is submitted as the field's events, the owner clears it, logs the operator in, and the job's bar and its label, the coolant toggle, the feed slider and the spindle dial follow the owner")
    func hmiLogsInAndRunsAJob() throws {
        let kiosk = try exampleKiosk("hmi", "hmi.json")
        // A person types 1 2 3 4 and ✓ on the keypad.
        kiosk.process.arguments! += ["--input", try taps([(600, 493, 90), (900, 600, 90), (1200, 707, 90),
                                                          (1500, 493, 190), (1800, 707, 390)], in: kiosk)]
        try kiosk.start()
        try kiosk.waitUntil("the PIN is submitted") {
            ((try? String(contentsOfFile: kiosk.stdoutPath, encoding: .utf8)) ?? "").contains(#""event": "submitted""#)
        }
        let pinLines = try String(contentsOfFile: kiosk.stdoutPath, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains(#""source": "pin""#) }
            .map { $0.drop { $0 != "," }.dropFirst(2) }   // without the time
        // Masked: each key says only the length; the PIN leaves in submitted alone.
        #expect(pinLines == [#""source": "pin", "event": "textChanged", "value": {"length": 1}}"#,
                             #""source": "pin", "event": "textChanged", "value": {"length": 2}}"#,
                             #""source": "pin", "event": "textChanged", "value": {"length": 3}}"#,
                             #""source": "pin", "event": "textChanged", "value": {"length": 4}}"#,
                             #""source": "pin", "event": "submitted", "value": {"text": "1234"}}"#])
        let field = (40, 160, 360, 72)
        let typed = try screenshot(kiosk)

        // What owner.sh's login does with a PIN it knows: clear the field, name the operator,
        // show the machine.
        #expect(try set(kiosk, "pin", "text=").lines == [#"{"ok": true, "control": "pin", "value": {"length": 0}}"#])
        #expect(try kiosk.ctl("get", "pin").stdout.contains(#""value": {"length": 0}"#))
        _ = try waitForFrame(kiosk, "the field shows its placeholder again") {
            pixels($0, field.0, field.1, field.2, field.3) != pixels(typed, field.0, field.1, field.2, field.3)
        }
        #expect(try String(contentsOfFile: kiosk.stdoutPath, encoding: .utf8)
            .contains(#""source": "pin", "event": "textChanged", "origin": "owner", "value": {"length": 0}}"#))
        // A wrong PIN's popup is modal and closes itself after 2.5 s.
        #expect(try kiosk.ctl("show-popup", "wrongPin").status == 0)
        #expect(try kiosk.ctl("get").stdout.contains(#""overlays": ["wrongPin"]"#))
        try kiosk.waitUntil("the wrong-PIN popup closes itself") {
            (try? kiosk.ctl("get").stdout.contains(#""overlays": []"#)) ?? false
        }
        _ = try set(kiosk, "operator", "text=Operator: A. Weber")
        #expect(try kiosk.ctl("switch-screen", "machine").status == 0)

        // The press runs: the owner sets the job's progress; the bar glides there and the label
        // "{jobProgress.value:.0 %}" follows by itself. The mode group is one choice.
        let amber: UInt32 = 0xF5_9E0B
        let machine = try waitForFrame(kiosk, "the machine screen is shown") { rgb($0, 40, 240) == amber }   // Auto checked
        _ = try set(kiosk, "start", "enabled=false")
        _ = try set(kiosk, "stop", "enabled=true")
        #expect(try set(kiosk, "jobProgress", "value=40").lines
                == [#"{"ok": true, "control": "jobProgress", "value": {"value": 40}}"#])
        let running = try waitForFrame(kiosk, "the job's bar filled to 40 %") { rgb($0, 150, 122) == amber && rgb($0, 300, 122) != amber }
        #expect(pixels(running, 436, 104, 80, 36) != pixels(machine, 436, 104, 80, 36))   // "0 %" → "40 %"
        #expect(try set(kiosk, "modeSetup", "checked=true").status == 0)
        #expect(try kiosk.ctl("get", "modeAuto").stdout.contains(#""value": {"checked": false}"#))

        // The settings column, as the PLC (through the owner) sets it: the coolant's toggle
        // turns off (its track's left end, amber under a thumb on the right, goes grey), the feed
        // override's label follows its slider, and the spindle's dial snaps to its step of 50.
        let settings = try screenshot(kiosk)
        let coolant = (716, 110, 60, 32), feed = (680, 188, 96, 32), spindle = (640, 228, 136, 136)
        #expect(rgb(settings, 722, 126) == amber)
        #expect(try set(kiosk, "coolant", "on=false").lines == [#"{"ok": true, "control": "coolant", "value": {"on": false}}"#])
        #expect(try set(kiosk, "feed", "value=112").lines == [#"{"ok": true, "control": "feed", "value": {"value": 110}}"#])
        #expect(try set(kiosk, "spindle", "value=2480").lines == [#"{"ok": true, "control": "spindle", "value": {"value": 2500}}"#])
        #expect(try kiosk.ctl("get", "coolant").stdout.contains(#""value": {"on": false}"#))
        #expect(try kiosk.ctl("get", "feed").stdout.contains(#""value": {"value": 110}"#))
        #expect(try kiosk.ctl("get", "spindle").stdout.contains(#""value": {"value": 2500}"#))
        let changed = try waitForFrame(kiosk, "the coolant's toggle drawn off") { rgb($0, 722, 126) != amber && rgb($0, 770, 126) != amber }
        #expect(pixels(changed, coolant.0, coolant.1, coolant.2, coolant.3) != pixels(settings, coolant.0, coolant.1, coolant.2, coolant.3))
        #expect(pixels(changed, feed.0, feed.1, feed.2, feed.3) != pixels(settings, feed.0, feed.1, feed.2, feed.3))   // "100 %" → "110 %"
        #expect(pixels(changed, spindle.0, spindle.1, spindle.2, spindle.3) != pixels(settings, spindle.0, spindle.1, spindle.2, spindle.3))
        // Past the top of its range the dial holds at 3000 rpm: the owner's cap in Setup mode
        // (2500) is its own rule, not the dial's.
        #expect(try set(kiosk, "spindle", "value=3600").lines == [#"{"ok": true, "control": "spindle", "value": {"value": 3000}}"#])
        try noReload(kiosk)
        #expect(kiosk.stop() == 0)
    }

    @Test("museum: a touch on the attract screen opens the collection, a swipe flings the list of exhibits to its end, a row's Details opens its story, and the owner's mark shows on the row")
    func museumBrowses() throws {
        let kiosk = try exampleKiosk("museum", "museum.json")
        // A visitor touches the welcome screen, flings the list up (2 400 px/s), and once it has
        // come to rest against its end taps the Details of the row at y 300: the mosaic's.
        let path = kiosk.directory.appendingPathComponent("touches.jsonl").path
        try """
        {"t": 300, "type": "down", "id": 0, "x": 400, "y": 240}
        {"t": 360, "type": "up", "id": 0}
        {"t": 1000, "type": "down", "id": 0, "x": 300, "y": 400}
        {"t": 1016, "type": "move", "id": 0, "x": 300, "y": 370}
        {"t": 1032, "type": "move", "id": 0, "x": 300, "y": 330}
        {"t": 1048, "type": "move", "id": 0, "x": 300, "y": 290}
        {"t": 1064, "type": "move", "id": 0, "x": 300, "y": 260}
        {"t": 1080, "type": "up", "id": 0}
        {"t": 3500, "type": "down", "id": 0, "x": 690, "y": 300}
        {"t": 3560, "type": "up", "id": 0}

        """.write(toFile: path, atomically: true, encoding: .utf8)
        kiosk.process.arguments! += ["--input", path]
        try kiosk.start()
        try kiosk.waitUntil("the mosaic's story is shown") {
            let events = (try? String(contentsOfFile: kiosk.stdoutPath, encoding: .utf8)) ?? ""
            return events.contains(#""source": "mosaicStory", "event": "popupShown"}"#)
        }
        let events = try String(contentsOfFile: kiosk.stdoutPath, encoding: .utf8)
        let lines = events.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains(#""source": "welcomeStart", "event": "tapped"}"#) })
        #expect(lines.contains { $0.contains(#""source": "collection", "event": "panelShown"}"#) })
        // The fling pressed nothing on its way: the only Details tapped is the mosaic's.
        #expect(lines.filter { $0.contains("Details\", \"event\": \"tapped\"") }.count == 1)
        #expect(try kiosk.ctl("get").stdout.contains(#""overlays": ["collection", "mosaicStory"]"#))

        // What owner.sh answers to the story being shown: the row's name in gold.
        let gold: UInt32 = 0xE8_BE5C
        #expect(try kiosk.ctl("dismiss", "mosaicStory").status == 0)
        let before = try waitForFrame(kiosk, "the story closed") { rgb($0, 400, 100) != 0xF4_EFE6 }
        _ = try set(kiosk, "mosaicName", "color=#E8BE5C")
        #expect(try kiosk.ctl("get", "mosaicName").stdout.contains(##""color": "#E8BE5C""##))
        let marked = try waitForFrame(kiosk, "the mosaic's name drawn in gold") { image in
            (120..<420).contains { x in (300..<330).contains { y in self.rgb(image, x, y) == gold } }
        }
        #expect(pixels(marked, 120, 296, 300, 36) != pixels(before, 120, 296, 300, 36))
        try noReload(kiosk)
        #expect(kiosk.stop() == 0)
    }

    @Test("museum, headless on the virtual clock: a swipe flings the list, a touch during the glide catches it and presses nothing, and a tap after it reports the row under it, event by event")
    func museumTouchScript() throws {
        let input = try KioskProcess.temporaryDirectory().appendingPathComponent("touches.jsonl")
        try """
        {"t": 100, "type": "down", "id": 0, "x": 400, "y": 240}
        {"t": 160, "type": "up", "id": 0}
        {"t": 800, "type": "down", "id": 0, "x": 300, "y": 400}
        {"t": 816, "type": "move", "id": 0, "x": 300, "y": 370}
        {"t": 832, "type": "move", "id": 0, "x": 300, "y": 330}
        {"t": 848, "type": "move", "id": 0, "x": 300, "y": 290}
        {"t": 864, "type": "move", "id": 0, "x": 300, "y": 260}
        {"t": 880, "type": "up", "id": 0}
        {"t": 1000, "type": "down", "id": 0, "x": 690, "y": 300}
        {"t": 1060, "type": "up", "id": 0}
        {"t": 3000, "type": "down", "id": 0, "x": 690, "y": 300}
        {"t": 3060, "type": "up", "id": 0}

        """.write(to: input, atomically: true, encoding: .utf8)
        let out = try KioskProcess.run(["run", "--backend", "headless", "--config", "config/examples/museum/museum.json",
                                        "--input", input.path, "--until", "3600", "--events", "-"])
        #expect(out.status == 0, "\(out.stderr)")
        // The touch at 1 000 ms lands on the gliding list: it catches it and presses nothing.
        #expect(out.lines == [
            #"{"t": 160, "source": "welcomeStart", "event": "tapped"}"#,
            #"{"t": 466.667, "source": "collection", "event": "panelShown"}"#,
            // Caught at 1 000 ms, the list stopped with row 5 under (690, 300), between its
            // Details button (above or below it, at x 690).
            #"{"t": 3060, "source": "exhibits", "event": "rowTapped", "value": {"row": 5}}"#,
        ])
    }
}
