import KioskCore
import KioskTestSupport
import Testing
@testable import KioskConfig

/// Text bound to values: `"{price.lower} – {price.upper} €"`, its number formats and its mistakes.
@Suite("Text templates")
struct TextTemplateTests {
    /// Renders `text` with `values` (control.field → JSON).
    func render(_ text: String, _ values: [String: JSONValue]) throws -> String {
        let template = try TextTemplate.parse(text).get()
        return template.render { values[$0.control + ($0.field.map { "." + $0 } ?? "")] }
    }

    @Test("references insert values and properties; numbers are written as events write them; {{ and }} are braces")
    func inserts() throws {
        #expect(try render("{price.lower} – {price.upper} €", ["price.lower": 20, "price.upper": 80.5]) == "20 – 80.5 €")
        #expect(try render("{{{angle}}}°", ["angle": 90]) == "{90}°")
        #expect(try render("{title.text}!", ["title.text": "Hi"]) == "Hi!")
        #expect(try render("{pay.enabled}", ["pay.enabled": false]) == "false")
        #expect(try render("{gone.value} left", [:]) == " left")
        #expect(try render("{x.v}", ["x.v": 1.23456]) == "1.235")
    }

    @Test("a number format gives decimals, a thousands separator, the decimal mark and a unit",
          arguments: [
              ("{t.v:.1 °C}", 21.46, "21.5 °C"), ("{t.v:.2}", 9.6, "9.60"), ("{t.v:,2}", 9.6, "9,60"),
              ("{t.v:,.2}", 1234.5, "1,234.50"), ("{t.v:.,2}", 1234567.891, "1.234.567,89"),
              ("{t.v:_,0}", -12345, "-12\u{202F}345"), ("{t.v:'.0}", 999, "999"), ("{t.v:.0 %}", 41.5, "42 %"),
          ])
    func formats(text: String, value: Double, expected: String) throws {
        #expect(try render(text, ["t.v": .number(value)]) == expected)
    }

    @Test("in a language that writes a decimal comma, .N formats and plain numbers take it; a written comma or grouping stays",
          arguments: [
              ("{t.v:.1 °C}", 21.46, "21,5 °C"), ("{t.v}", 2.5, "2,5"), ("{t.v}", 12, "12"),
              ("{t.v:,.2}", 1234.5, "1,234.50"), ("{t.v:.,2}", 1234.5, "1.234,50"), ("{t.v:,2}", 9.6, "9,60"),
          ])
    func decimalComma(text: String, value: Double, expected: String) throws {
        let template = try TextTemplate.parse(text).get()
        #expect(template.render(numbers: .decimalComma) { _ in .number(value) } == expected)
    }

    @Test("mistakes say what is wrong and where",
          arguments: [
              ("Total {price.lower", "at character 7 of the template: '{' is not closed by '}' (write '{{' for a brace)"),
              ("a } b", "at character 3 of the template: a '}' that closes nothing (write '}}' for a brace)"),
              ("{}", "at character 1 of the template: '{}' names no control (write {ID.FIELD})"),
              ("{price.}", "at character 1 of the template: '{price.}' has no field after the dot"),
              ("{t.v:2}", #"at character 1 of the template: format "2": expected [separator](. or ,)DECIMALS[ unit], e.g. .2 or ,.2 or .1 °C"#),
              ("{t.v:..2}", #"at character 1 of the template: format "..2": expected [separator](. or ,)DECIMALS[ unit], e.g. .2 or ,.2 or .1 °C"#),
          ])
    func mistakes(text: String, message: String) {
        guard case .failure(let error) = TextTemplate.parse(text) else { Issue.record("\(text) parsed"); return }
        #expect(error.message == message)
    }

    @Test("kiosk check reports a missing control or field with the file, the path, the line and a suggestion")
    func checked() {
        let json = mainScreen(
            #"{"type": "rangeSlider", "id": "price", "frame": [0, 0, 200, 40], "min": 0, "max": 100, "lower": 1, "upper": 9}"#,
            #"{"type": "label", "id": "a", "frame": [0, 50, 200, 40], "text": "{prize.lower}"}"#,
            #"{"type": "label", "id": "b", "frame": [0, 100, 200, 40], "text": "{price.lowr:.2} {price}"}"#,
            #"{"type": "button", "id": "c", "frame": [0, 150, 200, 40], "title": "Pay {price.upper"}"#,
            #"{"type": "label", "id": "d", "frame": [0, 200, 200, 40], "text": "{price.lower} {a.text} {c.title}"}"#)
        #expect(problems(in: json) == [
            #"demo.json: screens[0].controls[1].text: {prize.lower}: no control "prize"; did you mean "price"? (line 3)"#,
            #"demo.json: screens[0].controls[2].text: {price.lowr}: "price" has no value field or property "lowr" (it has lower, upper, trackColor, highlightColor, knobColor, enabled, visible); did you mean "lower"? (line 4)"#,
            #"demo.json: screens[0].controls[2].text: {price}: name the field, {price.FIELD}: its value has lower, upper (line 4)"#,
            #"demo.json: screens[0].controls[3].title: at character 5 of the template: '{' is not closed by '}' (write '{{' for a brace) (line 5)"#,
        ])
    }
}
