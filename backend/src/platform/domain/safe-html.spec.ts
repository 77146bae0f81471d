import { UNSAFE_HTML, XSS_CORPUS } from '../../../test/support/xss-corpus.js';
import { safeHttpUrl, sanitiseHtml } from './safe-html.js';

describe('sanitiseHtml', () => {
  it.each(XSS_CORPUS)('neutralises %s', (attack) => {
    expect(sanitiseHtml(attack)).not.toMatch(UNSAFE_HTML);
  });

  it('keeps the formatting posts use, and Korean text', () => {
    const html =
      '<h2>배우 모집</h2><p><b>주연</b> <strong>1명</strong><br><i>촬영</i> <em>11월</em> <u>필수</u></p>' +
      '<ul><li>남자</li></ul><ol><li>여자</li></ol><div><span>문의</span></div>' +
      '<table><thead><tr><th colspan="2">구분</th></tr></thead><tbody><tr><td>출연료</td><td>협의</td></tr></tbody></table>';
    expect(sanitiseHtml(html)).toBe(html);
  });

  it('keeps http(s) and mailto links, opening them in a new tab without an opener', () => {
    expect(sanitiseHtml('<a href="https://casting.example/1" onclick="x()">원문</a>')).toBe(
      '<a href="https://casting.example/1" target="_blank" rel="noopener noreferrer nofollow">원문</a>',
    );
    expect(sanitiseHtml('<a href="mailto:cast@agency.kr">메일</a>')).toContain('href="mailto:cast@agency.kr"');
    expect(sanitiseHtml('<a href="javascript:alert(1)">x</a>')).not.toContain('href');
    expect(sanitiseHtml('<a href="/admin/users">x</a>')).not.toContain('href');
  });

  it('keeps http(s) images only', () => {
    expect(sanitiseHtml('<img src="https://img.example/a.jpg" alt="사진" onerror="x()">')).toBe(
      '<img src="https://img.example/a.jpg" alt="사진">',
    );
    expect(sanitiseHtml('<img src="mailto:a@b.c">')).toBe('<img>');
    expect(sanitiseHtml('<img src="x" onerror="alert(1)">')).toBe('<img>');
  });

  it('drops script content, not only the tag, and keeps text of unknown tags', () => {
    expect(sanitiseHtml('<p>안녕<script>alert(1)</script>하세요</p>')).toBe('<p>안녕하세요</p>');
    expect(sanitiseHtml('<font color="red">빨강</font>')).toBe('빨강');
  });

  it('passes empty text through', () => {
    expect(sanitiseHtml('')).toBe('');
  });

  it('keeps line breaks out of attribute values', () => {
    expect(sanitiseHtml('<img alt="a\nb" src="https://img.example/a.jpg">\n')).toBe(
      '<img alt="a&#10;b" src="https://img.example/a.jpg">\n',
    );
  });

  it('rewrites attribute values before checking them when asked', () => {
    const options = {
      attributeValue: (value: string) =>
        value.replace('{{url}}', 'javascript:alert(1)').replace('{{ok}}', 'https://ok.example/'),
    };
    expect(sanitiseHtml('<a href="{{url}}">x</a><a href="{{ok}}">y</a>', options)).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a><a href="https://ok.example/" target="_blank" rel="noopener noreferrer nofollow">y</a>',
    );
  });
});

describe('safeHttpUrl', () => {
  it('answers absolute http(s) addresses percent-encoded, and nothing else', () => {
    expect(safeHttpUrl(' https://files.example/프로필 1.pdf ')).toBe(
      'https://files.example/%ED%94%84%EB%A1%9C%ED%95%84%201.pdf',
    );
    expect(safeHttpUrl('http://x.example')).toBe('http://x.example/');
    for (const bad of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      ' data:text/html,x',
      '//evil.example',
      '/admin',
      'https://',
      '',
      null,
      undefined,
    ]) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
  });
});
