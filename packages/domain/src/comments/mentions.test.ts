import { describe, expect, it } from 'vitest';
import { isEmptyCommentHtml, mentionedUserIds } from './mentions';

describe('mentionedUserIds', () => {
  it.each([
    ['<p>no one</p>', []],
    ['<p><span data-type="mention" data-id="7" data-label="Ann">@Ann</span> hi</p>', [7]],
    ["<p><span data-id='12' data-type='mention'>@Bo</span></p>", [12]],
    ['<p><span data-type=mention data-id=3>@C</span></p>', [3]],
    [
      '<span data-type="mention" data-id="5">@A</span> and <span data-type="mention" data-id="5">@A</span>',
      [5],
    ],
    [
      '<span data-type="mention" data-id="9">@B</span><span data-type="mention" data-id="4">@A</span>',
      [9, 4],
    ],
    ['<span data-type="emoji" data-id="4">x</span>', []],
    ['<span data-id="4">@A</span>', []],
    ['<span data-type="mention" data-id="abc">@A</span>', []],
    ['<span data-type="mention" data-id="0">@A</span>', []],
    ['<span data-type="mention" data-id="-3">@A</span>', []],
    ['<span data-type="mention" data-id="99999999999">@A</span>', []],
    ['<span data-type="mention" data-id="2147483648">@A</span>', []],
    ['<p>data-type="mention" data-id="8"</p>', []],
    ['<a data-type="mention" data-id="8">x</a>', []],
  ])('%s -> %j', (html, ids) => {
    expect(mentionedUserIds(html)).toEqual(ids);
  });
});

describe('isEmptyCommentHtml', () => {
  it.each([
    ['', true],
    ['<p></p>', true],
    ['<p> &nbsp; </p><p><br></p>', true],
    ['<p>x</p>', false],
    ['<p><span data-type="mention" data-id="2"></span></p>', false],
    ['<ul><li><p>item</p></li></ul>', false],
  ])('%j -> %s', (html, empty) => {
    expect(isEmptyCommentHtml(html)).toBe(empty);
  });
});
