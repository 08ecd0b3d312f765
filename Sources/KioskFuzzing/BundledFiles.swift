/// Copies of repository files the fuzz targets run against, held in memory so that a fuzz run
/// reads no file. `BundledFilesTests` keeps them equal to the originals.
enum BundledFiles {
    /// config/popups/dialog.json: the template every popup of a fuzzed config gets.
    static let dialogTemplate = #"""
{
  "box": { "frame": [200, 110, 400, 260], "cornerRadius": 14, "background": "#222A34",
           "border": "#4A5A6E", "borderWidth": 1 },
  "backdrop": "#00000080",
  "title": { "frame": [24, 20, 352, 36], "font": "sans-serif bold 22", "color": "#FFFFFF",
             "alignment": "center" },
  "text": { "frame": [24, 64, 352, 110], "font": "sans-serif 17", "color": "#C8D2DC",
            "alignment": "center" },
  "buttons": { "frame": [24, 192, 352, 48], "font": "sans-serif bold 17", "color": "#FFFFFF",
               "background": "#0073F0", "cornerRadius": 10, "spacing": 12 }
}

"""#

    /// config/demo.json: the kiosk the touch scripts play against.
    static let demoConfig = #"""
{
  "display": { "rotation": 0, "background": "#101418", "designSize": [800, 480] },
  "theme": {
    "accent": "#0073F0", "track": "#E6E6E6", "knob": "#FFFFFF", "text": "#FFFFFF",
    "font": "sans-serif 18", "curvaceousness": 1.0,
    "buttonBackground": "#2A3340"
  },
  "startScreen": "main",
  "screens": [
    {
      "id": "main",
      "controls": [
        { "type": "label", "id": "title", "frame": [24, 16, 560, 48],
          "text": "नमस्ते — SwiftKiosk", "font": "sans-serif bold 28" },
        { "type": "label", "id": "subtitle", "frame": [24, 72, 460, 36],
          "text": "हिन्दी में स्वागत है", "color": "#B8C4D0" },

        { "type": "label", "id": "priceLabel", "frame": [40, 160, 420, 32], "text": "Price range" },
        { "type": "rangeSlider", "id": "price", "frame": [40, 200, 420, 40],
          "min": 0, "max": 100, "lower": 20, "upper": 80 },

        { "type": "label", "id": "angleLabel", "frame": [520, 84, 240, 32], "text": "Angle",
          "alignment": "center" },
        { "type": "circularSlider", "id": "angle", "frame": [520, 120, 240, 240], "angle": 90 },

        { "type": "button", "id": "sayHello", "frame": [40, 400, 160, 56], "title": "Hello",
          "action": { "showPopup": "hello" } },
        { "type": "button", "id": "showDetails", "frame": [220, 400, 200, 56], "title": "More →",
          "action": { "switchScreen": "details", "transition": "slideUp" } },
        { "type": "button", "id": "openFilters", "frame": [440, 400, 160, 56], "title": "Filters",
          "action": { "showPanel": "filters" } }
      ]
    },
    {
      "id": "details",
      "background": "#182028",
      "controls": [
        { "type": "label", "id": "detailsTitle", "frame": [40, 40, 720, 48],
          "text": "हिन्दी — दूसरी स्क्रीन", "font": "sans-serif bold 28" },
        { "type": "label", "id": "detailsText", "frame": [40, 110, 720, 32],
          "text": "A second screen. The button below goes back." },
        { "type": "button", "id": "back", "frame": [40, 400, 160, 56], "title": "← Back",
          "action": { "back": true } },
        { "type": "button", "id": "flipHome", "frame": [220, 400, 200, 56], "title": "Flip home",
          "action": { "switchScreen": "main", "transition": "flipFromBottom", "duration": 0.5 } },
        { "type": "button", "id": "fadeHome", "frame": [440, 400, 200, 56], "title": "Fade home",
          "action": { "switchScreen": "main", "transition": "fade" } }
      ]
    }
  ],
  "panels": [
    {
      "id": "filters", "edge": "bottom", "extent": 0.5,
      "controls": [
        { "type": "label", "id": "sizeLabel", "frame": [40, 28, 400, 32], "text": "Size — आकार" },
        { "type": "rangeSlider", "id": "size", "frame": [40, 72, 720, 40],
          "min": 0, "max": 10, "lower": 2, "upper": 8 },
        { "type": "button", "id": "filtersHelp", "frame": [40, 150, 160, 56], "title": "Help",
          "action": { "showPopup": "help" } }
      ]
    }
  ],
  "popups": [
    { "id": "hello", "template": "popups/dialog.json", "title": "नमस्ते!",
      "text": "Hello from SwiftKiosk. This dialog is styled by config/popups/dialog.json.",
      "buttons": [ { "id": "ok", "title": "Okay" },
                   { "id": "more", "title": "More", "action": { "showPopup": "help" } } ] },
    { "id": "help", "template": "popups/dialog.json", "title": "Help",
      "text": "Drag a knob to change a value. A tap on the dimmed area closes the panel; a tap outside a dialog closes every dialog.",
      "buttons": [ { "id": "ok", "title": "Got it" } ] }
  ]
}

"""#
}
