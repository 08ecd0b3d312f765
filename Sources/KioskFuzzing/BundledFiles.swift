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
  "languages": { "default": "en",
                 "files": { "en": "strings/demo/en.json", "hi": "strings/demo/hi.json", "ar": "strings/demo/ar.json" } },
  "startScreen": "main",
  "screens": [
    {
      "id": "main",
      "controls": [
        { "type": "label", "id": "title", "frame": [24, 16, 560, 48],
          "text": "@title", "font": "sans-serif bold 28" },
        { "type": "label", "id": "subtitle", "frame": [24, 72, 460, 36],
          "text": "@welcome", "color": "#B8C4D0" },

        { "type": "label", "id": "priceLabel", "frame": [40, 160, 420, 32], "text": "@price" },
        { "type": "rangeSlider", "id": "price", "frame": [40, 200, 420, 40],
          "min": 0, "max": 100, "lower": 20, "upper": 80 },

        { "type": "label", "id": "angleLabel", "frame": [520, 84, 240, 32], "text": "@angle",
          "alignment": "center" },
        { "type": "circularSlider", "id": "angle", "frame": [520, 120, 240, 240], "angle": 90 },

        { "type": "button", "id": "sayHello", "frame": [40, 400, 160, 56], "title": "@hello",
          "action": { "showPopup": "hello" } },
        { "type": "button", "id": "showDetails", "frame": [220, 400, 200, 56], "title": "@details",
          "action": { "switchScreen": "details", "transition": "slideUp" } },
        { "type": "button", "id": "openFilters", "frame": [440, 400, 160, 56], "title": "@filters",
          "action": { "showPanel": "filters" } }
      ]
    },
    {
      "id": "details",
      "background": "#182028",
      "controls": [
        { "type": "label", "id": "detailsTitle", "frame": [40, 40, 720, 48],
          "text": "@second.title", "font": "sans-serif bold 28" },
        { "type": "label", "id": "detailsText", "frame": [40, 110, 720, 32],
          "text": "@second.text" },
        { "type": "button", "id": "back", "frame": [40, 400, 160, 56], "title": "@second.back",
          "action": { "back": true } },
        { "type": "button", "id": "flipHome", "frame": [220, 400, 200, 56], "title": "@second.flipHome",
          "action": { "switchScreen": "main", "transition": "flipFromBottom", "duration": 0.5 } },
        { "type": "button", "id": "fadeHome", "frame": [440, 400, 200, 56], "title": "@second.fadeHome",
          "action": { "switchScreen": "main", "transition": "fade" } }
      ]
    }
  ],
  "panels": [
    {
      "id": "filters", "edge": "bottom", "extent": 0.5,
      "controls": [
        { "type": "label", "id": "sizeLabel", "frame": [40, 28, 400, 32], "text": "@filtersPanel.size" },
        { "type": "rangeSlider", "id": "size", "frame": [40, 72, 720, 40],
          "min": 0, "max": 10, "lower": 2, "upper": 8 },
        { "type": "button", "id": "filtersHelp", "frame": [40, 150, 160, 56], "title": "@help",
          "action": { "showPopup": "help" } }
      ]
    }
  ],
  "popups": [
    { "id": "hello", "template": "popups/dialog.json", "title": "@helloPopup.title",
      "text": "@helloPopup.text",
      "buttons": [ { "id": "ok", "title": "@okay" },
                   { "id": "more", "title": "@more", "action": { "showPopup": "help" } } ] },
    { "id": "help", "template": "popups/dialog.json", "title": "@help",
      "text": "@helpPopup.text",
      "buttons": [ { "id": "ok", "title": "@gotIt" } ] }
  ]
}

"""#

    /// config/strings/demo/*.json: the demo's string files, by path as the demo names them.
    static let demoStrings: [String: String] = [
        "strings/demo/en.json": #"""
{
  "title": "नमस्ते — SwiftKiosk",
  "welcome": "हिन्दी में स्वागत है",
  "price": "Price range",
  "angle": "Angle",
  "hello": "Hello",
  "details": "More →",
  "filters": "Filters",
  "second": {
    "title": "हिन्दी — दूसरी स्क्रीन",
    "text": "A second screen. The button below goes back.",
    "back": "← Back",
    "flipHome": "Flip home",
    "fadeHome": "Fade home"
  },
  "filtersPanel": {
    "size": "Size — आकार"
  },
  "help": "Help",
  "helloPopup": {
    "title": "नमस्ते!",
    "text": "Hello from SwiftKiosk. This dialog is styled by config/popups/dialog.json."
  },
  "okay": "Okay",
  "more": "More",
  "helpPopup": {
    "text": "Drag a knob to change a value. A tap on the dimmed area closes the panel; a tap outside a dialog closes every dialog."
  },
  "gotIt": "Got it"
}

"""#,
        "strings/demo/hi.json": #"""
{
  "title": "नमस्ते — SwiftKiosk",
  "welcome": "हिन्दी में स्वागत है",
  "price": "मूल्य सीमा",
  "angle": "कोण",
  "hello": "नमस्ते",
  "details": "और →",
  "filters": "फ़िल्टर",
  "second": {
    "title": "हिन्दी — दूसरी स्क्रीन",
    "text": "दूसरी स्क्रीन। नीचे का बटन वापस ले जाता है।",
    "back": "← वापस",
    "flipHome": "पलटकर मुख्य",
    "fadeHome": "धीरे से मुख्य"
  },
  "filtersPanel": {
    "size": "आकार"
  },
  "help": "मदद",
  "helloPopup": {
    "title": "नमस्ते!",
    "text": "SwiftKiosk की ओर से नमस्ते। इस संवाद का रूप config/popups/dialog.json से है।"
  },
  "okay": "ठीक है",
  "more": "और",
  "helpPopup": {
    "text": "मान बदलने के लिए घुंडी खींचें। धुंधले हिस्से पर टैप करने से पैनल बंद होता है; संवाद के बाहर टैप करने से हर संवाद बंद होता है।"
  },
  "gotIt": "समझ गया"
}

"""#,
        "strings/demo/ar.json": #"""
{
  "title": "مرحبا — SwiftKiosk",
  "welcome": "أهلاً وسهلاً بالعربية",
  "price": "نطاق السعر",
  "angle": "الزاوية",
  "hello": "مرحبا",
  "details": "المزيد ←",
  "filters": "تصفية",
  "second": {
    "title": "العربية — الشاشة الثانية",
    "text": "شاشة ثانية. الزر أدناه يعود.",
    "back": "→ رجوع",
    "flipHome": "قلب للرئيسية",
    "fadeHome": "تلاشٍ للرئيسية"
  },
  "filtersPanel": {
    "size": "الحجم"
  },
  "help": "مساعدة",
  "helloPopup": {
    "title": "مرحبا!",
    "text": "تحية من SwiftKiosk. شكل هذا الحوار من config/popups/dialog.json."
  },
  "okay": "حسناً",
  "more": "المزيد",
  "helpPopup": {
    "text": "اسحب المقبض لتغيير القيمة. النقر على المنطقة المعتمة يغلق اللوحة، والنقر خارج الحوار يغلق كل الحوارات."
  },
  "gotIt": "فهمت"
}

"""#,
    ]

    /// What a fuzz run reads at `path` (as a config writes it): the demo's string files under
    /// their names, and config/popups/dialog.json for any other path, so that every template
    /// a fuzzed config names is a valid one.
    static func file(_ path: String) -> String { demoStrings[path] ?? dialogTemplate }
}
