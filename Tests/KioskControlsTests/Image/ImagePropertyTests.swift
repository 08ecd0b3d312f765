import Foundation
import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig
import KioskRender
import KioskUI
@testable import KioskService

/// An image's `source` and `fit` and a button's `icon` set at run time (`kiosk ctl set logo
/// source=images/night.png`): the file is checked as the config's are, confined to the
/// config's folder, and a bad one is an error that leaves the old picture.
@Suite("Image properties through set")
struct ImagePropertyTests {
    @Test("a new source shows the new file, repaints the image's frame and is announced")
    func newSource() throws {
        let kiosk = try ImageKiosk()
        let scene = try #require(kiosk.target.scene)
        _ = scene.takeDamage()
        _ = scene.drainEvents()
        #expect(kiosk.target.reply(#"{"op": "set", "control": "logo", "value": {"source": "images/night.png", "fit": "cover"}}"#)
                == #"{"ok": true, "control": "logo", "properties": {"source": "images/night.png", "fit": "cover", "enabled": true, "visible": true}}"#)
        #expect(kiosk.logo.image?.path.hasSuffix("/kiosk/images/night.png") == true)
        #expect(kiosk.logo.source == "images/night.png" && kiosk.logo.fit == .cover)
        #expect(scene.takeDamage().bounds == kiosk.logo.paintBounds.integral)
        #expect(scene.drainEvents().map(\.kind) == [.propertiesChanged])
    }

    @Test("a source outside the config's folder, missing or not a picture is refused with the config's words; the old picture stays")
    func badSources() throws {
        let kiosk = try ImageKiosk()
        let before = kiosk.logo.image
        var journal: [String] = []
        kiosk.target.properties?.refusals = { journal.append($0) }
        // Where a source leads, and whether a file is there, is the journal's, not the client's.
        #expect(kiosk.target.reply(#"{"op": "set", "control": "logo", "value": {"source": "../secret.png"}}"#)
                == #"{"ok": false, "error": "source: \"../secret.png\" lies outside the config's folder and images.directories"}"#)
        #expect(kiosk.target.reply(#"{"op": "set", "control": "logo", "value": {"source": "../missing.png"}}"#)
                == #"{"ok": false, "error": "source: \"../missing.png\" lies outside the config's folder and images.directories"}"#)
        #expect(journal.count == 2 && journal[0].hasSuffix("/secret.png") && journal[0].contains(": it is /"), "\(journal)")
        #expect(journal[1].hasSuffix("/missing.png") && journal[1].contains(": it would be /"), "\(journal)")
        #expect(kiosk.target.reply(#"{"op": "set", "control": "logo", "value": {"source": "images/gone.png", "fit": "fill"}}"#)
                == #"{"ok": false, "error": "source: \"images/gone.png\" cannot be read: No such file or directory"}"#)
        #expect(kiosk.target.reply(#"{"op": "set", "control": "logo", "value": {"source": "images/broken.png"}}"#)
            .hasPrefix(#"{"ok": false, "error": "source: \"images/broken.png\" is not"#))
        #expect(kiosk.target.reply(#"{"op": "set", "control": "logo", "value": {"source": "/etc/shadow"}}"#)
            .contains("lies outside the config's folder"))
        #expect(kiosk.logo.image == before && kiosk.logo.source == "images/day.png" && kiosk.logo.fit == .contain)
    }

    @Test("an icon's name is no image source: refused as the config refuses it, the picture stays, and a reload does not bring it back")
    func iconNameAsSource() throws {
        let kiosk = try ImageKiosk()
        let before = kiosk.logo.image
        #expect(kiosk.target.reply(#"{"op": "set", "control": "logo", "value": {"source": "lightbulb"}}"#)
                == #"{"ok": false, "error": "source: \"lightbulb\" cannot be read: No such file or directory"}"#)
        #expect(kiosk.logo.image == before && kiosk.logo.source == "images/day.png")
        #expect(kiosk.target.reply(#"{"op": "get", "control": "logo"}"#).contains(#""source": "images/day.png""#))
        // What a restart or reload puts back is checked the same way.
        let problems = kiosk.target.properties?.restore([OwnerProperty(name: "source", value: .string("lightbulb"), persists: false)],
                                                       on: kiosk.logo, designSize: Size(800, 480))
        #expect(problems == [#"source: "lightbulb" cannot be read: No such file or directory"#])
        #expect(kiosk.logo.source == "images/day.png")
    }

    @Test("a button's icon changes to another file, and null takes it away")
    func buttonIcon() throws {
        let kiosk = try ImageKiosk()
        #expect(kiosk.target.reply(#"{"op": "set", "control": "go", "value": {"icon": "images/night.png"}}"#).hasPrefix(#"{"ok": true"#))
        #expect(kiosk.go.icon?.path.hasSuffix("/kiosk/images/night.png") == true)
        #expect(kiosk.target.reply(#"{"op": "set", "control": "go", "value": {"title": "Stop"}}"#).hasPrefix(#"{"ok": true"#))
        #expect(kiosk.go.icon?.path.hasSuffix("/kiosk/images/night.png") == true)   // another property leaves it
        #expect(kiosk.target.reply(#"{"op": "set", "control": "go", "value": {"icon": "../secret.png"}}"#).hasPrefix(#"{"ok": false"#))
        #expect(kiosk.go.icon?.path.hasSuffix("/kiosk/images/night.png") == true)
        #expect(kiosk.target.reply(#"{"op": "set", "control": "go", "value": {"icon": null}}"#).hasPrefix(#"{"ok": true"#))
        #expect(kiosk.go.icon == nil)
    }
}
