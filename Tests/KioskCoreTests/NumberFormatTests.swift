import Testing
import KioskCore

/// The one number formatter: what each form writes, as the lines and reports that use it show it.
@Suite("NumberFormat")
struct NumberFormatTests {
    @Test("fixed decimals pad the fraction, round to the nearest and keep the sign")
    func fixed() {
        #expect(NumberFormat.fixed(16.6666, decimals: 3) == "16.667")
        #expect(NumberFormat.fixed(0.05, decimals: 2) == "0.05")
        #expect(NumberFormat.fixed(2, decimals: 2) == "2.00")
        #expect(NumberFormat.fixed(1.0005, decimals: 3) == "1.001")
        #expect(NumberFormat.fixed(-1.005, decimals: 3) == "-1.005")
        #expect(NumberFormat.fixed(37.6, decimals: 0) == "38")
        #expect(NumberFormat.fixed(.nan, decimals: 2) == "0.00")
    }

    @Test("a duration's milliseconds have three decimals")
    func durationMilliseconds() {
        #expect(NumberFormat.milliseconds(Duration.microseconds(16_667)) == "16.667")
        #expect(NumberFormat.milliseconds(Duration.zero) == "0.000")
        #expect(NumberFormat.milliseconds(Duration.seconds(2)) == "2000.000")
    }

    @Test("rounded numbers are JSON's shortest form, whole ones without a fraction")
    func rounded() {
        #expect(NumberFormat.rounded(59.9400599, decimals: 2) == "59.94")
        #expect(NumberFormat.rounded(60.0001, decimals: 2) == "60")
        #expect(NumberFormat.rounded(1.25, decimals: 3) == "1.25")
    }

    @Test("ratios, percentages and matrices")
    func ratiosAndMatrices() {
        #expect(NumberFormat.ratio(2.5, to: 2) == "1.25x")
        #expect(NumberFormat.ratio(1, to: 3) == "0.33x")
        #expect(NumberFormat.ratio(nil, to: 2) == "-")
        #expect(NumberFormat.ratio(1, to: 0) == "-")
        #expect(NumberFormat.percent(0.376) == "38")
        #expect(NumberFormat.matrix([1.0000004, 0, -0.0123456789, 0, 0.98, 5]) == "1, 0, -0.012346, 0, 0.98, 5")
    }
}
