import { sanitisePostHtml } from './post-html.js';

/** Attacks a sheet cell could carry into a post body. */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src="https://img.example/a.jpg" onerror="alert(1)">',
  '<img src=x onerror=alert(1)>',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="  javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<div style="width: expression(alert(1))">styled</div>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<form action="https://evil.example"><input name="q"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<body onload="alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<span onmouseover="alert(1)" class="x" id="y">hover</span>',
  '<a href="//evil.example/x">protocol-relative</a>',
  '<<script>alert(1)//<</script>',
  '<img """><script>alert(1)</script>">',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entities</a>',
  '<a href="java\tscript:alert(1)">tab</a>',
  '<a href="java\u0000script:alert(1)">nul</a>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<script',
  '<!--<script>alert(1)</script>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<textarea><script>alert(1)</script></textarea>',
  '<a title="x" href="https://ok.example/" onclick="alert(1)">x</a>',
  '<p title=\'"><script>alert(1)</script>\'>quoted</p>',
  '<table><td background="javascript:alert(1)">x</td></table>',
];

/** What must never come out of the sanitiser. */
const UNSAFE_OUTPUT = /<script|<iframe|<svg|<object|<embed|<style|<form|<input|<meta|<base|<math|\son\w+\s*=|javascript:|data:|expression\(|style=|\/\/evil/i;

describe('sanitisePostHtml', () => {
  it.each(XSS_CORPUS)('neutralises %s', (attack) => {
    expect(sanitisePostHtml(attack)).not.toMatch(UNSAFE_OUTPUT);
  });

  it('keeps the formatting posts use, and Korean text', () => {
    const html =
      '<h2>배우 모집</h2><p><b>주연</b> <strong>1명</strong><br><i>촬영</i> <em>11월</em> <u>필수</u></p>' +
      '<ul><li>남자</li></ul><ol><li>여자</li></ol><div><span>문의</span></div>' +
      '<table><thead><tr><th colspan="2">구분</th></tr></thead><tbody><tr><td>출연료</td><td>협의</td></tr></tbody></table>';
    expect(sanitisePostHtml(html)).toBe(html);
  });

  it('keeps http(s) and mailto links, opening them in a new tab without an opener', () => {
    expect(sanitisePostHtml('<a href="https://casting.example/1" onclick="x()">원문</a>')).toBe(
      '<a href="https://casting.example/1" target="_blank" rel="noopener noreferrer nofollow">원문</a>',
    );
    expect(sanitisePostHtml('<a href="mailto:cast@agency.kr">메일</a>')).toContain('href="mailto:cast@agency.kr"');
    expect(sanitisePostHtml('<a href="javascript:alert(1)">x</a>')).not.toContain('href');
    expect(sanitisePostHtml('<a href="/admin/users">x</a>')).not.toContain('href');
  });

  it('keeps http(s) images only', () => {
    expect(sanitisePostHtml('<img src="https://img.example/a.jpg" alt="사진" onerror="x()">')).toBe(
      '<img src="https://img.example/a.jpg" alt="사진">',
    );
    expect(sanitisePostHtml('<img src="mailto:a@b.c">')).toBe('<img>');
    expect(sanitisePostHtml('<img src="x" onerror="alert(1)">')).toBe('<img>');
  });

  it('drops script content, not only the tag, and keeps text of unknown tags', () => {
    expect(sanitisePostHtml('<p>안녕<script>alert(1)</script>하세요</p>')).toBe('<p>안녕하세요</p>');
    expect(sanitisePostHtml('<font color="red">빨강</font>')).toBe('빨강');
  });

  it('passes null through', () => {
    expect(sanitisePostHtml(null)).toBeNull();
    expect(sanitisePostHtml('')).toBe('');
  });
});
