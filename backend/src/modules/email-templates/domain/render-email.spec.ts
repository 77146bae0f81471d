import { unsafeMarkup, XSS_CORPUS } from '../../../../test/support/xss-corpus.js';
import {
  type EmailContext,
  type EmailModel,
  PLACEHOLDERS,
  renderEmail,
  renderSubject,
  sampleContext,
} from './render-email.js';

const model = (overrides: Partial<EmailModel> = {}): EmailModel => ({
  comcardNo: 'JC-1',
  image: 'https://img.example/1.jpg',
  nameEng: 'Emily Carter',
  nameKor: '에밀리 카터',
  national: 'USA',
  stage: 'Actor',
  additionalPic: 'https://img.example/1-more.jpg',
  download: 'https://files.example/JC-1.pdf',
  comcardPhotoURL: 'https://img.example/1-card.jpg',
  htmlUrl: 'https://profiles.example/JC-1',
  ...overrides,
});

const context = (models: EmailModel[] = [model()], overrides: Partial<EmailContext> = {}): EmailContext => ({
  post: { postId: 'POST-7', manager: '김실장', phoneCall: '010-1234-5678', customerEmail: 'cast@studio.example' },
  senderEmail: 'agency.kim@gmail.com',
  models,
  ...overrides,
});

const lucas = model({
  comcardNo: 'JC-2',
  nameEng: 'Lucas Martin',
  nameKor: '루카스',
  national: 'France',
  stage: 'Model',
  download: 'https://files.example/JC-2.pdf',
  htmlUrl: 'https://profiles.example/JC-2',
  comcardPhotoURL: 'https://img.example/2-card.jpg',
  additionalPic: null,
});

/** The renderer's own fixed styles (wrapper, paragraphs, images, model blocks): the only styles allowed out. */
const OWN_STYLES = [
  ...new Set(
    [...renderEmail('{{comcardPic}}{{modelList}}', context()).html.matchAll(/style="([^"]*)"/g)].map((m) => m[1]),
  ),
];

describe('renderEmail', () => {
  it('fills every placeholder of one model, the post and the sender', () => {
    const template = PLACEHOLDERS.map((name) => `${name}={{${name}}}`).join('\n');
    const { html, text } = renderEmail(template, context());
    expect(text).toContain('comcardNo=JC-1');
    expect(text).toContain('image=https://img.example/1.jpg');
    expect(text).toContain('nameEng=Emily Carter');
    expect(text).toContain('nameKor=에밀리 카터');
    expect(text).toContain('national=USA');
    expect(text).toContain('stage=Actor');
    expect(text).toContain('postId=POST-7');
    expect(text).toContain('comcardPhotoURL=https://img.example/1-card.jpg');
    expect(text).toContain('manager=김실장');
    expect(text).toContain('phoneCall=010-1234-5678');
    expect(text).toContain('customerEmail=cast@studio.example');
    expect(text).toContain('email=agency.kim@gmail.com');
    expect(text).toContain('name=agency.kim');
    expect(text).toContain('modelCount=1');
    expect(text).toContain('allModelNames=Emily Carter (에밀리 카터)');
    expect(text).toContain('allModelNationalities=USA');
    expect(html).toContain('<img src="https://img.example/1-more.jpg" alt="Emily Carter (에밀리 카터)" width="300"');
    expect(html).toContain('<img src="https://img.example/1-card.jpg"');
    expect(html).toContain(
      '<a href="https://files.example/JC-1.pdf" target="_blank" rel="noopener noreferrer">https://files.example/JC-1.pdf</a>',
    );
    expect(html).toContain('<a href="https://profiles.example/JC-1"');
    expect(html).not.toMatch(/\{\{|\}\}/);
  });

  it('joins several models with commas and gives each its block in modelList', () => {
    const { html, text } = renderEmail(
      '{{nameEng}} / {{national}} / {{comcardNo}} / {{modelCount}}\n{{allModelNames}}\n{{modelList}}',
      context([model(), lucas]),
    );
    expect(text).toContain('Emily Carter, Lucas Martin / USA, France / JC-1, JC-2 / 2');
    expect(text).toContain('Emily Carter (에밀리 카터), Lucas Martin (루카스)');
    expect(html.match(/<span style="display:block;margin:0 0 16px">/g)).toHaveLength(2);
    expect(text).toContain(
      'JC-1 · Emily Carter · 에밀리 카터\nUSA · Actor\nhttps://img.example/1-card.jpg\n' +
        'Profile (https://profiles.example/JC-1) | Download (https://files.example/JC-1.pdf) | More photos (https://img.example/1-more.jpg)\nJC-2',
    );
    expect(text).toContain('JC-2 · Lucas Martin · 루카스');
    expect(html).toContain('>More photos</a>');
  });

  it('leaves out empty fields instead of writing empty commas', () => {
    const bare = model({
      comcardNo: 'JC-9',
      nameEng: null,
      nameKor: '김하늘',
      national: null,
      stage: '',
      download: null,
      htmlUrl: null,
    });
    const { text } = renderEmail(
      '[{{national}}] [{{nameEng}}] [{{download}}] [{{allModelNames}}] [{{allModelNationalities}}]',
      context([model(), bare, lucas]),
    );
    expect(text).toBe(
      '[USA, France] [Emily Carter, Lucas Martin] [https://files.example/JC-1.pdf, https://files.example/JC-2.pdf] [Emily Carter (에밀리 카터), 김하늘, Lucas Martin (루카스)] [USA, France]',
    );
  });

  it('renders with no models selected', () => {
    const { text } = renderEmail('{{modelCount}} models: {{nameEng}}{{modelList}}.', context([]));
    expect(text).toBe('0 models: .');
  });

  it('keeps an unknown placeholder as typed, and accepts spaces inside the braces', () => {
    const { text } = renderEmail('{{ nameEng }} {{nameEn}} {{NameEng}}', context());
    expect(text).toBe('Emily Carter {{nameEn}} {{NameEng}}');
  });

  it('has exactly four own styles, none of them able to load anything', () => {
    expect(OWN_STYLES).toHaveLength(4);
    for (const style of OWN_STYLES) expect(style).not.toMatch(/url|expression|javascript|@import/i);
  });

  it('makes every line a paragraph in one wrapping div, whatever the line endings', () => {
    const { html, text } = renderEmail('안녕하세요,\r\n\r\n프로필 보내드립니다.\r감사합니다.', context());
    expect(html).toMatch(
      /^<div style="[^"]+"><p style="margin:0">안녕하세요,<\/p><p style="margin:0"><br><\/p><p style="margin:0">프로필 보내드립니다.<\/p><p style="margin:0">감사합니다.<\/p><\/div>$/,
    );
    expect(text).toBe('안녕하세요,\n\n프로필 보내드립니다.\n감사합니다.');
  });

  it('URL-encodes link and image targets', () => {
    const spaced = model({
      download: 'https://files.example/코м카드 1.pdf?name=에밀리 카터',
      comcardPhotoURL: 'https://img.example/a b.jpg',
    });
    const { html } = renderEmail('{{download}} {{comcardPic}}', context([spaced]));
    expect(html).toContain(`href="${new URL('https://files.example/코м카드 1.pdf?name=에밀리 카터').href}"`);
    expect(html).toContain('src="https://img.example/a%20b.jpg"');
    expect(html).not.toMatch(/href="[^"]* /);
  });

  it('shows a value that is no web address as text, never as a link or an image', () => {
    const hostile = model({
      download: 'javascript:alert(1)',
      htmlUrl: 'data:text/html,<script>alert(1)</script>',
      comcardPhotoURL: 'java\tscript:alert(1)',
    });
    const { html } = renderEmail('{{download}} {{htmlUrl}} {{comcardPic}} {{modelList}}', context([hostile]));
    expect(html).not.toMatch(/href="(?!https?:)|src="(?!https?:)|<script/i);
    expect(html).toContain('javascript:alert(1)');
  });

  it('uses a placeholder inside an attribute the template writes as its checked plain value', () => {
    const { html } = renderEmail(
      '<a href="{{htmlUrl}}">프로필</a> <a href="{{download}}">x</a>',
      context([model({ download: 'javascript:alert(1)' })]),
    );
    expect(html).toContain(
      '<a href="https://profiles.example/JC-1" target="_blank" rel="noopener noreferrer nofollow">프로필</a>',
    );
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });

  it('cannot be made to forge a value marker, by the template or by a value', async () => {
    expect(renderEmail('\uE0000\uE001{{nameEng}}', context()).html).toContain('>0Emily Carter<');
    // Entities decode to marker characters only after the template's own are dropped.
    expect(renderEmail('&#xE000;0&#xE001;&#xE000;9&#xE001; {{nameEng}}', context()).text).toBe('09 Emily Carter');
    // A value carrying marker characters, placed in an attribute, cannot pull another value's markup in.
    for (const forged of ['\uE0001\uE001', '\uE000x:1\uE001']) {
      const hostile = context([model({ htmlUrl: 'https://evil.example/x/onmouseover=alert(document.domain)//' })], {
        post: { postId: 'P', manager: null, phoneCall: null, customerEmail: `c@d.e${forged}` },
      });
      const { html } = renderEmail('Hello <a href="mailto:{{customerEmail}}">you</a>\n{{htmlUrl}}', hostile);
      expect(await unsafeMarkup(html, OWN_STYLES)).toEqual([]);
      expect(html).toContain(`href="mailto:c@d.e${forged.replace(/[\uE000\uE001]/g, '')}"`);
    }
  });

  it.each(XSS_CORPUS)('keeps the template %s from reaching the e-mail', async (attack) => {
    const { html } = renderEmail(`안녕하세요 {{nameEng}}\n${attack}\n{{modelList}}`, context());
    expect(await unsafeMarkup(html, OWN_STYLES)).toEqual([]);
  });

  it.each(XSS_CORPUS)('keeps the model field %s from reaching the e-mail', async (attack) => {
    const fields = {
      comcardNo: attack,
      nameEng: attack,
      nameKor: attack,
      national: attack,
      stage: attack,
      image: attack,
      additionalPic: attack,
      download: attack,
      comcardPhotoURL: attack,
      htmlUrl: attack,
    };
    const { html } = renderEmail(
      PLACEHOLDERS.map((name) => `{{${name}}} <img alt="{{${name}}}" src="https://img.example/x.jpg">`).join('\n'),
      context([model(fields)], { post: { postId: attack, manager: attack, phoneCall: attack, customerEmail: attack } }),
    );
    expect(await unsafeMarkup(html, OWN_STYLES)).toEqual([]);
  });
});

describe('renderSubject', () => {
  it('fills placeholders as plain text on one line', () => {
    expect(
      renderSubject('[{{postId}}] 프로필 {{modelCount}}명\r\n{{allModelNames}} {{typo}}', context([model(), lucas])),
    ).toBe('[POST-7] 프로필 2명 Emily Carter (에밀리 카터), Lucas Martin (루카스) {{typo}}');
  });
});

describe('sampleContext', () => {
  it('previews with pictures served by the app itself', () => {
    const { html } = renderEmail('{{comcardPic}}', sampleContext('https://jobcasting.example/'));
    expect(html).toContain('src="https://jobcasting.example/samples/comcard-1.svg"');
    expect(html).toContain('src="https://jobcasting.example/samples/comcard-2.svg"');
  });
});
