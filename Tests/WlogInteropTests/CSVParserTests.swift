import Testing
@testable import WlogInterop

@Suite struct CSVParserTests {
    @Test func quotedFieldsSpanLinesAndKeepTheirStartingLine() {
        let text = "\u{FEFF}a,b,c\r\n1,\"x\r\ny\",\"say \"\"hi\"\"\"\r\n\r\n2,,\"\"\n3,\"p,q\",z"
        let table = CSVParser.parse(Array(text.utf8))
        #expect(table.delimiter == UInt8(ascii: ","))
        #expect(table.header?.fields == ["a", "b", "c"])
        #expect(table.records.map(\.fields) == [["1", "x\r\ny", "say \"hi\""], ["2", "", ""], ["3", "p,q", "z"]])
        #expect(table.records.map(\.line) == [2, 5, 6])
        #expect(Array(table.records)[0].text == "1,\"x\r\ny\",\"say \"\"hi\"\"\"")
        #expect(Array(table.records)[2].text == "3,\"p,q\",z")
    }

    @Test func semicolonIsDetectedOutsideQuotes() {
        let table = CSVParser.parse(Array("\"a,b\";\"c\";d\n\"1\";\"2,5\";x\n".utf8))
        #expect(table.delimiter == UInt8(ascii: ";"))
        #expect(table.header?.fields == ["a,b", "c", "d"])
        #expect(table.records.map(\.fields) == [["1", "2,5", "x"]])
    }

    @Test func commaWinsWhenSemicolonsOnlyInQuotes() {
        let table = CSVParser.parse(Array("\"a;b;c\",d\n1,2".utf8))
        #expect(table.delimiter == UInt8(ascii: ","))
        #expect(table.records.map(\.fields) == [["1", "2"]])
    }

    @Test func anUnterminatedQuoteIsFlagged() {
        let table = CSVParser.parse(Array("a,b\n1,\"open\n2,3\n".utf8))
        #expect(Array(table.records).count == 1)
        #expect(Array(table.records)[0].unterminatedQuote)
        #expect(Array(table.records)[0].fields == ["1", "open\n2,3\n"])
    }

    @Test func loneCarriageReturnsEndRecordsAndTrailingDelimiterGivesEmptyField() {
        let table = CSVParser.parse(Array("a,b\r1,\r2,3".utf8))
        #expect(table.records.map(\.fields) == [["1", ""], ["2", "3"]])
        #expect(table.records.map(\.line) == [2, 3])
    }

    @Test func emptyInputHasNoHeader() {
        #expect(CSVParser.parse([]).header == nil)
        #expect(CSVParser.parse(Array("\u{FEFF}".utf8)).header == nil)
    }
}
