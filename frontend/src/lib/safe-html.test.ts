import { describe, expect, it } from 'vitest';
import { safeHtml } from './safe-html.ts';

describe('safeHtml', () => {
  it('removes scripts, handlers, frames and javascript: links, and keeps the text and safe markup', () => {
    const html = safeHtml(
      '<p onclick="steal()">공고 <b>본문</b></p><script>steal()</script><iframe src="https://evil.example"></iframe>' +
        '<a href="javascript:steal()">링크</a><img src="x" onerror="steal()"><a href="https://castingnara.co.kr">원문</a>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|iframe|javascript:/);
    expect(html).toContain('<p>공고 <b>본문</b></p>');
    expect(html).toContain('<a href="https://castingnara.co.kr">원문</a>');
  });
});
