import { describe, expect, test } from 'vitest';
import { CSV_BOM, csvField, guardFormula, writeCsv } from './csv';

describe('one field', () => {
  test.each([
    ['plain text', 'Plan', 'Plan'],
    ['an empty cell', '', ''],
    ['a comma is quoted', 'a,b', '"a,b"'],
    ['quotes are doubled inside quotes', 'say "hi"', '"say ""hi"""'],
    ['a line feed is quoted', 'one\ntwo', '"one\ntwo"'],
    ['a carriage return inside is quoted', 'one\r\ntwo', '"one\r\ntwo"'],
    ['Arabic stays as it is', 'مرحبا بالعالم', 'مرحبا بالعالم'],
    ['spaces are kept', '  padded  ', '  padded  '],
    ['a formula gets an apostrophe', '=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['a plus-led formula too', '+cmd', "'+cmd"],
    ['a minus-led formula too', '-2+3+cmd|"/C calc"!A0', `"'-2+3+cmd|""/C calc""!A0"`],
    ['an at sign', '@SUM(1)', "'@SUM(1)"],
    ['a leading tab', '\t=1', "'\t=1"],
    ['a leading carriage return (also quoted)', '\r=1', `"'\r=1"`],
    ['a guarded field with a comma is quoted after the guard', '=A1,B1', `"'=A1,B1"`],
    ['a negative number stays a number', '-5', '-5'],
    ['a negative decimal stays a number', '-12.75', '-12.75'],
    ['a signed positive number stays a number', '+3', '+3'],
    ['an exponent stays a number', '-1e3', '-1e3'],
    ['a minus that is not a number is guarded', '-', "'-"],
    ['a dash-led text is guarded', '- item', "'- item"],
    ['an equals sign later in the text is fine', 'a=b', 'a=b'],
  ])('%s', (_case, input, expected) => {
    expect(csvField(input)).toBe(expected);
  });
});

describe('the file', () => {
  test('starts with the UTF-8 BOM and ends every record with CRLF', () => {
    const csv = writeCsv([
      ['Name', 'Cost'],
      ['Plan', '-5'],
    ]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe(`${CSV_BOM}Name,Cost\r\nPlan,-5\r\n`);
  });

  test('empty cells keep their place', () => {
    expect(writeCsv([['a', '', 'c', '']])).toBe(`${CSV_BOM}a,,c,\r\n`);
  });

  test('no rows is the BOM alone', () => {
    expect(writeCsv([])).toBe(CSV_BOM);
  });

  test('the header row is guarded like any other', () => {
    expect(writeCsv([['=Name']])).toBe(`${CSV_BOM}'=Name\r\n`);
  });

  test('guardFormula leaves safe text untouched', () => {
    expect(guardFormula('Café')).toBe('Café');
  });
});
