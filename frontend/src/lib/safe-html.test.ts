import { afterEach, describe, expect, it } from 'vitest';
import { safeHtml } from './safe-html.ts';

declare global {
  interface Window {
    __pwned?: number;
  }
}

/** Puts markup into the page the way dangerouslySetInnerHTML does. */
function mount(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = safeHtml(html);
  document.body.append(host);
  return host;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete window.__pwned;
});

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

  it('never lets a script, a handler or a javascript: link that slipped past the server reach the page', () => {
    const host = mount(
      '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned=1">' +
        '<a href="javascript:window.__pwned=1">열기</a><svg><script>window.__pwned=1</script></svg>',
    );
    expect(host.querySelector('script')).toBeNull();
    const img = host.querySelector('img');
    expect(img?.hasAttribute('onerror')).toBe(false);
    img?.dispatchEvent(new Event('error'));
    const link = host.querySelector('a');
    expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
    link?.click();
    expect(window.__pwned).toBeUndefined();
    expect(host.innerHTML).not.toMatch(/__pwned/);
  });

  it('keeps the formatting the server allows', () => {
    const host = mount(
      '<p><b>굵게</b> <strong>강조</strong> <i>기울임</i> <em>em</em> <u>밑줄</u><br>다음 줄</p>' +
        '<ul><li>하나</li></ul><ol><li>둘</li></ol><h2>제목</h2>' +
        '<a href="https://castingnara.co.kr/notice">원문</a> <a href="mailto:cast@example.com">메일</a>' +
        '<img src="https://cdn.example.com/poster.jpg" alt="포스터" width="320" height="200">' +
        '<table><thead><tr><th colspan="2">역할</th></tr></thead><tbody><tr><td rowspan="1">주연</td></tr></tbody></table>',
    );
    for (const tag of ['b', 'strong', 'i', 'em', 'u', 'br', 'ul', 'ol', 'li', 'h2', 'table', 'th', 'td']) {
      expect(host.querySelector(tag), tag).not.toBeNull();
    }
    expect([...host.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://castingnara.co.kr/notice',
      'mailto:cast@example.com',
    ]);
    const img = host.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://cdn.example.com/poster.jpg');
    expect(img?.getAttribute('alt')).toBe('포스터');
    expect(img?.getAttribute('width')).toBe('320');
    expect(host.querySelector('th')?.getAttribute('colspan')).toBe('2');
    expect(host.textContent).toContain('다음 줄');
  });
});
