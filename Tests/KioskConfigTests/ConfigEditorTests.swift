import KioskControls
import Testing
import KioskConfig

@Suite struct ConfigEditorTests {
    let matrix = [1.02, 0, -0.01, 0, 0.98, 0.015]

    @Test("a config without an input object gets one as its first member, indented like the rest")
    func insertsInput() throws {
        let text = "{\n  \"startScreen\": \"main\",\n  \"screens\": [ { \"id\": \"main\" } ]\n}\n"
        let edited = try ConfigEditor.settingCalibration(matrix, in: text)
        #expect(edited == "{\n  \"input\": { \"calibration\": [1.02, 0, -0.01, 0, 0.98, 0.015] },\n  \"startScreen\": \"main\",\n  \"screens\": [ { \"id\": \"main\" } ]\n}\n")
        let config = try ConfigLoader.decode(edited, file: "k.json")
        #expect(config.input.calibration == matrix)
    }

    @Test("an existing calibration is replaced and nothing else changes")
    func replaces() throws {
        let text = "{ \"input\": {\"showCursor\": false, \"calibration\": [1,0,0,0,1,0]},\n\"startScreen\": \"m\", \"screens\": [{\"id\": \"m\"}] }"
        let edited = try ConfigEditor.settingCalibration(matrix, in: text)
        #expect(edited == "{ \"input\": {\"showCursor\": false, \"calibration\": [1.02, 0, -0.01, 0, 0.98, 0.015]},\n\"startScreen\": \"m\", \"screens\": [{\"id\": \"m\"}] }")
    }

    @Test("an input object without a calibration gets one; strings with braces do not confuse the scan")
    func insertsIntoInput() throws {
        let text = ##"{"display": {"background": "#101418"}, "input": {"showCursor": true}, "startScreen": "{m}", "screens": [{"id": "{m}"}]}"##
        let edited = try ConfigEditor.settingCalibration(matrix, in: text)
        #expect(edited == ##"{"display": {"background": "#101418"}, "input": {"calibration": [1.02, 0, -0.01, 0, 0.98, 0.015], "showCursor": true}, "startScreen": "{m}", "screens": [{"id": "{m}"}]}"##)
        #expect(try ConfigLoader.decode(edited, file: "k.json").input.showCursor)
    }
}
