/** Attacks a sheet cell, a template or a model field could carry into HTML we show or send. */
export const XSS_CORPUS = [
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
  "<p title='\"><script>alert(1)</script>'>quoted</p>",
  '<table><td background="javascript:alert(1)">x</td></table>',
];

/** What must never come out of the sanitiser. */
export const UNSAFE_HTML =
  /<script|<iframe|<svg|<object|<embed|<style|<form|<input|<meta|<base|<math|\son\w+\s*=|javascript:|data:|expression\(|style=|\/\/evil/i;

const SAFE_ELEMENTS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'a',
  'span',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'img',
]);

/**
 * What a browser would find unsafe in this HTML, read as a browser reads it: elements outside the safe set, event
 * handlers, link targets other than http(s) or mailto, image targets other than http(s), and styles other than `allowedStyles`. Empty when safe;
 * text that merely reads like an attack (escaped) is fine.
 */
export async function unsafeMarkup(html: string, allowedStyles: readonly string[] = []): Promise<string[]> {
  const { Parser } = await import('htmlparser2');
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!SAFE_ELEMENTS.has(name)) problems.push(`<${name}>`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute.startsWith('on')) problems.push(`${name}[${attribute}]`);
          const safeTarget = attribute === 'href' ? /^(https?:\/\/|mailto:)/i : /^https?:\/\//i;
          if ((attribute === 'href' || attribute === 'src') && !safeTarget.test(value))
            problems.push(`${name}[${attribute}=${value}]`);
          if (attribute === 'style' && !allowedStyles.includes(value)) problems.push(`${name}[style=${value}]`);
          if (
            !['href', 'src', 'alt', 'width', 'height', 'style', 'target', 'rel', 'colspan', 'rowspan', 'span'].includes(
              attribute,
            )
          ) {
            problems.push(`${name}[${attribute}]`);
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return problems;
}
