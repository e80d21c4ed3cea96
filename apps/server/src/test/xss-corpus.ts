/**
 * Stored-XSS payloads that rich text must come back from harmless (comments, long-text answers of
 * public forms, documents and the pages published from them), and what harmless means: none of
 * these survive sanitising.
 */
export const XSS_PAYLOADS = [
  '<p>hi<script>alert(1)</script></p>',
  '<img src=x onerror=alert(1)>text',
  '<p><a href="javascript:alert(1)">link</a></p>',
  '<p><a href="data:text/html,<script>alert(1)</script>">d</a></p>',
  '<svg onload=alert(1)><p>svg</p></svg>',
  '<p onclick="alert(1)">click</p>',
  '<iframe src="https://evil.example"></iframe><p>frame</p>',
  '<p style="background:url(javascript:alert(1))">style</p>',
  '<span data-type="mention" data-id="1" onmouseover="alert(1)">@x</span> ok',
  '<a href="//evil.example">proto</a> relative',
  '<math><mi xlink:href="javascript:alert(1)">m</mi></math> math',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  '<p><a href="jav&#x09;ascript:alert(1)">tab</a></p>',
  '<form action="https://evil.example"><input name="x"></form><p>form</p>',
  '<object data="https://evil.example/x.swf"></object><embed src="x"><p>plugin</p>',
  '<base href="https://evil.example/"><p>base</p>',
];

/** Markup that would run a script, load from elsewhere or restyle the page: never in stored rich text. */
export const DANGEROUS_HTML =
  /<script|<img|<svg|<iframe|<math|<form|<input|<object|<embed|<base|\son\w+=|javascript:|data:text|style=|href="\/\//i;
